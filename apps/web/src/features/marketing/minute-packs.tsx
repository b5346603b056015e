import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useActiveSubscription } from "../../api/queries";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Icon } from "./icons";
import { formatPrice, MINUTE_PACK_CARDS, PLAN_CARDS } from "./plans";

/**
 * The one-time minute packs for Basic subscribers. A signed-in user on another plan
 * gets no Buy button the server would refuse: why, and (from Free) the way up, instead.
 */
export function MinutePacks() {
  const { t } = useTranslation();
  const { data: subscription } = useActiveSubscription();
  const plan = subscription?.planType;
  const mayBuy = !plan || plan === "basic"; // a visitor may be a Basic subscriber signing in
  const minutesOf = PLAN_CARDS.find((card) => card.type === plan)?.minutes ?? 0;
  return (
    <div className="mx-auto max-w-4xl">
      {!mayBuy && (
        <div
          role="note"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950"
        >
          <p>
            {plan === "free"
              ? t("marketing.packs.freeNote")
              : t("marketing.packs.paidNote", { count: minutesOf })}
          </p>
          {plan === "free" && (
            <Button asChild size="sm">
              <Link to={paths.checkout("basic")}>{t("marketing.packs.upgradeToBasic")}</Link>
            </Button>
          )}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {MINUTE_PACK_CARDS.map((pack) => (
          <article
            key={pack.pack}
            aria-labelledby={`pack-${pack.pack}`}
            className="flex flex-col rounded-xl border border-zinc-200 bg-white p-6 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <h3 id={`pack-${pack.pack}`} className="text-lg font-semibold text-zinc-900">
                {t("marketing.packs.name", { count: pack.pack })}
              </h3>
              <span className="rounded bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                {t("marketing.plans.save", { percent: pack.saving })}
              </span>
            </div>
            <p className="mt-3 text-3xl font-bold tracking-tight text-zinc-900">
              {formatPrice(pack.priceCents, { cents: true })}
            </p>
            <p className="mt-1 text-sm text-zinc-600">{t("marketing.packs.oneTime")}</p>
            {mayBuy && (
              <Button asChild variant="outline" className="mt-6 w-full">
                <Link to={paths.minutesCheckout(pack.pack)}>
                  {t("marketing.packs.buy", { count: pack.pack })}
                </Link>
              </Button>
            )}
          </article>
        ))}
      </div>
      <ul className="mt-6 grid gap-2 text-sm text-zinc-700 sm:grid-cols-3">
        {(["basicOnly", "order", "expiry"] as const).map((note) => (
          <li key={note} className="flex gap-2">
            <Icon name="check" className="h-5 w-5 text-blue-600" />
            <span>{t(`marketing.packs.${note}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
