import type { PlanType } from "@verbatim/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUpgradeQuote } from "../../api/queries";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { formatPrice, PLAN_CARDS } from "../marketing/plans";

/**
 * For a subscriber moving up: what the first payment is once the unused part of the current
 * paid period is taken off (the server's quote; the checkout charges exactly this).
 */
function UpgradeCredit({ plan }: { plan: PlanType }) {
  const { t } = useTranslation();
  const { data } = useUpgradeQuote(plan, true);
  if (!data || data.creditCents === 0 || !data.creditFrom) return null;
  return (
    <p className="mt-1 text-sm text-emerald-800" data-testid={`upgrade-credit-${plan}`}>
      {t("marketing.plans.upgradeDue", {
        due: formatPrice(data.dueCents),
        credit: formatPrice(data.creditCents),
        plan: t(`marketing.plans.${data.creditFrom}.name`),
      })}
    </p>
  );
}

/**
 * The larger plans a paid subscriber can move up to (Standard and Pro are not sold on the
 * public pricing page, which offers Free, Basic and Basic's packs): price, minutes and what
 * moving up costs today.
 */
export function UpgradeOptions({ current }: { current: PlanType }) {
  const { t } = useTranslation();
  const order = PLAN_CARDS.map((plan) => plan.type);
  const larger = PLAN_CARDS.filter((plan) => order.indexOf(plan.type) > order.indexOf(current));
  if (current === "free" || larger.length === 0) return null;
  return (
    <section aria-labelledby="upgrade-options" className="mt-6 border-t border-zinc-200 pt-4">
      <h3 id="upgrade-options" className="font-semibold text-zinc-900">
        {t("account.subscription.upgradeOptions")}
      </h3>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {larger.map((plan) => (
          <div
            key={plan.type}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-200 px-4 py-3"
          >
            <div>
              <p className="font-medium text-zinc-900">{t(`marketing.plans.${plan.type}.name`)}</p>
              <p className="text-sm text-zinc-600">
                {formatPrice(plan.priceCents)} {t("marketing.plans.perMonth")} ·{" "}
                {t("marketing.plans.minutesPerMonth", { count: plan.minutes })}
              </p>
              <UpgradeCredit plan={plan.type} />
            </div>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.checkout(plan.type)}>{t(`marketing.plans.${plan.type}.cta`)}</Link>
            </Button>
          </div>
        ))}
      </div>
    </section>
  );
}
