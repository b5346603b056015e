import { useTranslation } from "react-i18next";
import type { ActiveSubscription, User } from "../../api/types";
import { planName } from "./checkout-codes";
import { dateLocale } from "../../i18n/language";

/** A date in the interface language ("15 March 2026"). */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(dateLocale(language), { dateStyle: "long" }).format(date);
}

/** What cancelling at the period end keeps, and until when (the first choice for every paid plan). */
export function CancelAtPeriodEndDetails({
  subscription,
  user,
}: {
  subscription: ActiveSubscription;
  /** The balance, for the minutes kept in numbers (left out until it has loaded). */
  user?: Pick<User, "credits" | "additionalCredits">;
}) {
  const { t, i18n } = useTranslation();
  const plan = planName(subscription.planType, t);
  const date = subscription.currentPeriodEnd
    ? formatDate(subscription.currentPeriodEnd, i18n.language)
    : "";
  return (
    <div>
      <h2 className="text-lg font-semibold text-zinc-900">
        {t("billing.downgrade.atPeriodEnd.heading")}
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-zinc-700">
        <li>
          {date
            ? t("billing.downgrade.scheduled.untilDate", { plan, date })
            : t("billing.downgrade.scheduled.untilPeriodEnd", { plan })}
        </li>
        {user && (
          <>
            <li>{t("billing.downgrade.stakes.planAtEnd", { count: user.credits, date })}</li>
            <li>
              {user.additionalCredits === 0
                ? t("billing.downgrade.stakes.noPack")
                : t("billing.downgrade.stakes.packAtEnd", {
                    count: user.additionalCredits,
                    date,
                  })}
            </li>
          </>
        )}
        <li>{t("billing.downgrade.scheduled.charge")}</li>
        <li>{t("billing.downgrade.atPeriodEnd.undo")}</li>
      </ul>
    </div>
  );
}

/** The minutes a downgrade to Free now takes away, in numbers (the confirmation dialog's text). */
export function DowngradeNowStakes({
  user,
}: {
  user: Pick<User, "credits" | "additionalCredits">;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <p>{t("billing.downgrade.now.dialogText")}</p>
      <ul className="list-disc space-y-1.5 pl-5 font-medium text-zinc-900">
        <li>{t("billing.downgrade.stakes.planNow", { count: user.credits })}</li>
        <li>
          {user.additionalCredits === 0
            ? t("billing.downgrade.stakes.noPack")
            : t("billing.downgrade.stakes.packNow", { count: user.additionalCredits })}
        </li>
      </ul>
      <p>{t("billing.downgrade.basic.charge")}</p>
    </div>
  );
}
