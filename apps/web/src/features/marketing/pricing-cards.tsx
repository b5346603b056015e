import type { PlanType } from "@verbatim/contract";
import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { useActiveSubscription } from "../../api/queries";
import { useSession } from "../../auth/session";
import { Button } from "../../components/ui/button";
import { Icon } from "./icons";
import { formatPrice, PLAN_CARDS, tList } from "./plans";

type MainPlan = (typeof PLAN_CARDS)[0] | (typeof PLAN_CARDS)[1];

/** The signed-in user's plan, once known (undefined for a visitor). */
function useCurrentPlan(): PlanType | undefined {
  const { data } = useActiveSubscription();
  return data?.status === "active" ? data.planType : undefined;
}

/** "Current plan" in place of a button that would only say "you already have it". */
function CurrentPlanBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p
      className={clsx(
        "inline-flex items-center justify-center rounded-md border border-emerald-300 bg-emerald-50 px-3 font-medium text-emerald-900",
        className,
      )}
    >
      {t("marketing.plans.currentPlan")}
    </p>
  );
}

function PlanCard({ plan }: { plan: MainPlan }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const current = useCurrentPlan() === plan.type;
  const popular = plan.type === "basic";
  const key = `marketing.plans.${plan.type}`;
  const to =
    plan.type === "free" ? (token ? paths.home : paths.register) : paths.checkout(plan.type);
  return (
    <article
      aria-labelledby={`plan-${plan.type}`}
      className={clsx(
        "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8",
        popular ? "border-blue-600 ring-1 ring-blue-600" : "border-zinc-200",
      )}
    >
      {popular && (
        <p className="absolute -top-3 left-6 rounded-full bg-blue-600 px-3 py-0.5 text-xs font-semibold text-white">
          {t("marketing.plans.popular")}
        </p>
      )}
      <h3 id={`plan-${plan.type}`} className="text-lg font-semibold text-zinc-900">
        {t(`${key}.name`)}
      </h3>
      <p className="mt-1 text-sm text-zinc-600">{t(`${key}.description`)}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-zinc-900">
          {formatPrice(plan.priceCents)}
        </span>
        <span className="text-sm text-zinc-600">{t("marketing.plans.perMonth")}</span>
      </p>
      <p className="mt-1 text-sm font-medium text-blue-700">
        {t("marketing.plans.minutesPerMonth", { count: plan.minutes })}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-zinc-700">
        {tList(t, `${key}.features`).map((feature) => (
          <li key={feature} className="flex gap-2">
            <Icon name="check" className="h-5 w-5 text-blue-600" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {current ? (
        <CurrentPlanBadge className="mt-8 h-12 w-full" />
      ) : (
        <Button asChild size="lg" variant={popular ? "primary" : "outline"} className="mt-8 w-full">
          <Link to={to}>{t(`${key}.cta`)}</Link>
        </Button>
      )}
    </article>
  );
}

/**
 * Free and Basic (Basic marked Popular): the plans sold publicly. Standard and Pro are offered
 * to subscribers in their account (features/account/upgrade-options).
 */
export function PricingCards() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl">
      <div className="grid gap-6 md:grid-cols-2">
        <PlanCard plan={PLAN_CARDS[0]} />
        <PlanCard plan={PLAN_CARDS[1]} />
      </div>
      <p className="mt-4 text-center text-sm text-zinc-600">{t("marketing.plans.usd")}</p>
    </div>
  );
}
