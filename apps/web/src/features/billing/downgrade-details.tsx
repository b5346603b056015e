import { useTranslation } from "react-i18next";
import type { ActiveSubscription } from "../../api/types";
import { planName } from "./checkout-codes";

/** A date in the interface language ("15 March 2026"). */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(date);
}

/** What a downgrade does to this plan: Basic now, Standard and Pro at period end. */
export function DowngradeDetails({ subscription }: { subscription: ActiveSubscription }) {
  const { t, i18n } = useTranslation();
  const plan = planName(subscription.planType, t);
  const basic = subscription.planType === "basic";
  const items = basic
    ? [
        t("billing.downgrade.basic.now"),
        t("billing.downgrade.basic.minutes"),
        t("billing.downgrade.basic.extra"),
        t("billing.downgrade.basic.charge"),
      ]
    : [
        subscription.currentPeriodEnd
          ? t("billing.downgrade.scheduled.untilDate", {
              plan,
              date: formatDate(subscription.currentPeriodEnd, i18n.language),
            })
          : t("billing.downgrade.scheduled.untilPeriodEnd", { plan }),
        t("billing.downgrade.scheduled.then"),
        t("billing.downgrade.scheduled.charge"),
        t("billing.downgrade.scheduled.history"),
      ];
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="text-sm font-medium">{t("billing.downgrade.currentPlan", { plan })}</p>
      <h2 className="mt-2 flex items-start gap-2 text-lg font-semibold">
        <span aria-hidden="true">⚠</span>
        {basic ? t("billing.downgrade.basic.heading") : t("billing.downgrade.scheduled.heading")}
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
