import { useTranslation } from "react-i18next";
import type { ActiveSubscription, User } from "../../api/types";
import { planName } from "./checkout-codes";

/** A date in the interface language ("15 March 2026"). */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(date);
}

/** What a downgrade does to this plan: Basic now, Standard and Pro at period end. */
export function DowngradeDetails({
  subscription,
  user,
}: {
  subscription: ActiveSubscription;
  /** The balance, for the minutes at stake in numbers (left out until it has loaded). */
  user?: Pick<User, "credits" | "additionalCredits">;
}) {
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
      {user && <MinutesAtStake basic={basic} subscription={subscription} user={user} />}
    </div>
  );
}

/** What the downgrade takes away, in minutes: plan minutes left, and pack minutes. */
function MinutesAtStake({
  basic,
  subscription,
  user,
}: {
  basic: boolean;
  subscription: ActiveSubscription;
  user: Pick<User, "credits" | "additionalCredits">;
}) {
  const { t, i18n } = useTranslation();
  const date = subscription.currentPeriodEnd
    ? formatDate(subscription.currentPeriodEnd, i18n.language)
    : "";
  const plan = basic
    ? t("billing.downgrade.stakes.planNow", { count: user.credits })
    : t("billing.downgrade.stakes.planAtEnd", { count: user.credits, date });
  const pack =
    user.additionalCredits === 0
      ? t("billing.downgrade.stakes.noPack")
      : basic
        ? t("billing.downgrade.stakes.packNow", { count: user.additionalCredits })
        : t("billing.downgrade.stakes.packAtEnd", { count: user.additionalCredits, date });
  return (
    <section aria-labelledby="downgrade-stakes" className="mt-4 border-t border-amber-300 pt-3">
      <h3 id="downgrade-stakes" className="font-semibold">
        {t("billing.downgrade.stakes.title")}
      </h3>
      <ul className="mt-2 list-disc space-y-1.5 pl-5">
        <li>{plan}</li>
        <li>{pack}</li>
      </ul>
    </section>
  );
}
