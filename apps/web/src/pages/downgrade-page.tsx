import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { api } from "../api/client";
import { queryKeys, useActiveSubscription, useMe } from "../api/queries";
import type { DowngradeResponse } from "../api/types";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { Card, CardTitle } from "../components/ui/card";
import { Page } from "../components/ui/page";
import { toast } from "../components/ui/toast-store";
import {
  CancelAtPeriodEndDetails,
  DowngradeNowStakes,
  formatDate,
} from "../features/billing/downgrade-details";
import { planName } from "../features/billing/checkout-codes";
import { BusyNotice } from "../features/billing/status-card";
import { errorText } from "../api/error-text";
import { useCancelAtPeriodEnd, useResumePlan } from "../features/billing/use-plan-changes";
import { ConfirmDialog } from "../features/history/confirm-dialog";

/**
 * /downgrade: ending a paid plan. The first choice, for every paid plan, is to cancel at the
 * period end (plan and pack minutes kept until then, undo until then). Basic may also move to
 * Free now, after a dialog stating the plan and pack minutes lost. A cancelled plan can be resumed.
 */
export default function DowngradePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: subscription, isPending } = useActiveSubscription();
  const me = useMe();
  const [confirming, setConfirming] = useState(false);
  const toAccount = () => navigate(paths.account);
  const cancel = useCancelAtPeriodEnd(toAccount);
  const resume = useResumePlan(toAccount);

  const downgrade = useMutation({
    mutationFn: () => api<DowngradeResponse>("/api/subscriptions/downgrade", { method: "POST" }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
      setConfirming(false);
      toast({
        title: t("billing.downgrade.successTitle"),
        description: t("billing.downgrade.successNow"),
        variant: "success",
      });
      await toAccount();
    },
    onError: (error) => {
      toast({
        title: t("billing.downgrade.failed"),
        description: errorText(error, t("billing.downgrade.failed")),
        variant: "destructive",
      });
    },
  });

  const onFree = !subscription || subscription.planType === "free";
  const scheduled = !onFree && subscription.cancelAtPeriodEnd === true;
  const busy = cancel.isPending || downgrade.isPending || resume.isPending;

  return (
    <Page title={t("billing.downgrade.title")} width="narrow">
      {isPending ? (
        <BusyNotice message={t("billing.downgrade.loading")} />
      ) : onFree ? (
        <Card>
          <CardTitle>{t("billing.downgrade.free.heading")}</CardTitle>
          <p className="mt-2 text-zinc-700">{t("billing.downgrade.free.text")}</p>
          <Button asChild className="mt-6 w-full sm:w-auto">
            <Link to={paths.account}>{t("billing.downgrade.free.back")}</Link>
          </Button>
        </Card>
      ) : scheduled ? (
        <Card>
          <CardTitle>{t("billing.downgrade.already.heading")}</CardTitle>
          <p className="mt-2 text-zinc-700">
            {t("billing.downgrade.already.text", {
              plan: planName(subscription.planType, t),
              date: subscription.currentPeriodEnd
                ? formatDate(subscription.currentPeriodEnd, i18n.language)
                : "",
            })}
          </p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to={paths.account}>{t("billing.downgrade.free.back")}</Link>
            </Button>
            <Button
              disabled={busy}
              aria-busy={resume.isPending || undefined}
              onClick={() => resume.mutate()}
            >
              {resume.isPending
                ? t("billing.downgrade.resume.busy")
                : t("billing.downgrade.resume.button")}
            </Button>
          </div>
        </Card>
      ) : (
        <div className="space-y-6">
          <p className="text-sm font-medium text-zinc-700">
            {t("billing.downgrade.currentPlan", { plan: planName(subscription.planType, t) })}
          </p>
          <Card>
            <CancelAtPeriodEndDetails subscription={subscription} user={me.data} />
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to={paths.account}>{t("billing.downgrade.keep")}</Link>
              </Button>
              <Button
                disabled={busy}
                aria-busy={cancel.isPending || undefined}
                onClick={() => cancel.mutate()}
              >
                {cancel.isPending
                  ? t("billing.downgrade.atPeriodEnd.busy")
                  : t("billing.downgrade.atPeriodEnd.button")}
              </Button>
            </div>
          </Card>
          {subscription.planType === "basic" && (
            <Card className="border-red-200">
              <h2 className="text-lg font-semibold text-zinc-900">
                {t("billing.downgrade.now.heading")}
              </h2>
              <p className="mt-2 text-zinc-700">{t("billing.downgrade.now.text")}</p>
              <div className="mt-6 flex sm:justify-end">
                <Button
                  variant="outline"
                  className="w-full border-red-300 text-red-800 sm:w-auto"
                  disabled={busy || !me.data}
                  onClick={() => setConfirming(true)}
                >
                  {t("billing.downgrade.now.button")}
                </Button>
              </div>
              {me.data && (
                <ConfirmDialog
                  open={confirming}
                  title={t("billing.downgrade.now.dialogTitle")}
                  confirmLabel={
                    downgrade.isPending
                      ? t("billing.downgrade.confirming")
                      : t("billing.downgrade.confirm")
                  }
                  destructive
                  busy={downgrade.isPending}
                  onConfirm={() => downgrade.mutate()}
                  onOpenChange={(open) => {
                    if (!downgrade.isPending) setConfirming(open);
                  }}
                >
                  <DowngradeNowStakes user={me.data} />
                </ConfirmDialog>
              )}
            </Card>
          )}
        </div>
      )}
    </Page>
  );
}
