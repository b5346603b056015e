import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { availableMinutes, useActiveSubscription, useMe } from "../../api/queries";
import { paths } from "../../app/paths";

/** Plan and minutes left, above the upload (signed-in home). */
export function SubscriptionSummary() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const { data: subscription } = useActiveSubscription();
  if (!user) return null;
  const plan = subscription?.planType ?? "free";
  return (
    <section className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-zinc-200 bg-zinc-50 px-5 py-4">
      <div>
        <p className="text-sm text-zinc-600">
          {t("workspace.summary.plan", { plan: t(`workspace.summary.plans.${plan}`) })}
        </p>
        <p className="text-2xl font-bold text-zinc-900">
          {t("workspace.summary.minutesLeft", { count: availableMinutes(user) })}
        </p>
        {user.additionalCredits > 0 && (
          <p className="text-sm text-zinc-600">
            {t("workspace.summary.planMinutes", { count: user.credits })} ·{" "}
            {t("workspace.summary.packMinutes", { count: user.additionalCredits })}
          </p>
        )}
      </div>
      <Link
        to={plan === "basic" ? paths.minutesCheckout(500) : paths.pricing}
        className="text-sm font-medium text-blue-700 hover:underline"
      >
        {t("workspace.summary.upgrade")}
      </Link>
    </section>
  );
}
