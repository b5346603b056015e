import { useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { queryKeys } from "../../api/queries";
import type { ActiveSubscription } from "../../api/types";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { useResumePlan } from "../billing/use-plan-changes";
import { formatDate } from "./format";
import { UpgradeOptions } from "./upgrade-options";
import { Row } from "./profile-card";

const STATUS_STYLE = {
  active: "bg-emerald-100 text-emerald-900",
  incomplete: "bg-amber-100 text-amber-900",
  inactive: "bg-zinc-200 text-zinc-900",
  cancelled: "bg-red-100 text-red-900",
} as const;

/**
 * Plan, status (incomplete shows as Processing with Refresh Now), period end and plan actions:
 * a paid plan can be cancelled (at the period end) and, once cancelled, resumed until then.
 */
export function SubscriptionCard({
  subscription,
}: {
  subscription: ActiveSubscription | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const resume = useResumePlan();
  const refreshNow = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    ]);

  if (!subscription) {
    return (
      <Card>
        <CardTitle>{t("account.subscription.title")}</CardTitle>
        <p className="mt-3 text-sm text-zinc-700">{t("account.subscription.none")}</p>
        <Button asChild className="mt-4">
          <Link to={paths.pricing}>{t("account.subscription.upgrade")}</Link>
        </Button>
      </Card>
    );
  }

  const { planType, status, currentPeriodEnd } = subscription;
  const free = planType === "free";
  const pending = !free && subscription.cancelAtPeriodEnd === true;
  const periodEnd =
    free || !currentPeriodEnd
      ? t("account.subscription.neverExpires")
      : formatDate(currentPeriodEnd, i18n.language);
  return (
    <Card>
      <CardTitle>{t("account.subscription.title")}</CardTitle>
      <dl className="mt-4 space-y-3 text-sm">
        <Row
          label={t("account.subscription.plan")}
          value={t(`account.subscription.plans.${planType}`)}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <dt className="text-zinc-600">{t("account.subscription.status")}</dt>
          <dd>
            <span
              className={clsx(
                "rounded-full px-2.5 py-0.5 text-xs font-semibold",
                STATUS_STYLE[status],
              )}
            >
              {t(`account.subscription.statuses.${status}`)}
            </span>
          </dd>
        </div>
        <Row label={t("account.subscription.periodEnd")} value={periodEnd} />
      </dl>
      {status === "incomplete" && (
        <div
          role="status"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p>{t("account.subscription.processingNote")}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void refreshNow()}>
            {t("account.subscription.refreshNow")}
          </Button>
        </div>
      )}
      {pending && (
        <div
          role="status"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-semibold">{t("account.subscription.pendingTitle")}</p>
          <p className="mt-1">
            {t("account.subscription.pendingText", {
              plan: t(`account.subscription.plans.${planType}`),
              date: periodEnd,
            })}
          </p>
          <Button
            size="sm"
            className="mt-3"
            disabled={resume.isPending}
            aria-busy={resume.isPending || undefined}
            onClick={() => resume.mutate()}
          >
            {resume.isPending
              ? t("billing.downgrade.resume.busy")
              : t("billing.downgrade.resume.button")}
          </Button>
        </div>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        {free && (
          <Button asChild>
            <Link to={paths.pricing}>{t("account.subscription.upgrade")}</Link>
          </Button>
        )}
        {planType === "basic" && (
          <Button asChild>
            <Link to={paths.minutesCheckout(500)}>{t("account.subscription.buyMinutes")}</Link>
          </Button>
        )}
        {!free && !pending && (
          <Button asChild variant="outline">
            <Link to={paths.downgrade}>
              {planType === "basic"
                ? t("account.subscription.cancelOrDowngrade")
                : t("account.subscription.cancelPlan")}
            </Link>
          </Button>
        )}
      </div>
      {status === "active" && <UpgradeOptions current={planType} />}
    </Card>
  );
}
