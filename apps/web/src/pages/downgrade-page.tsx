import { useMutation, useQueryClient } from "@tanstack/react-query";
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
import { DowngradeDetails, formatDate } from "../features/billing/downgrade-details";
import { planName } from "../features/billing/checkout-codes";
import { BusyNotice } from "../features/billing/status-card";
import { messageOf } from "../features/billing/use-checkout-redirect";

/** /downgrade: explains what happens to the current plan, then downgrades on confirmation. */
export default function DowngradePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: subscription, isPending } = useActiveSubscription();
  const me = useMe();

  const downgrade = useMutation({
    mutationFn: () => api<DowngradeResponse>("/api/subscriptions/downgrade", { method: "POST" }),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
      toast({
        title: t("billing.downgrade.successTitle"),
        description:
          result.effective === "now"
            ? t("billing.downgrade.successNow")
            : result.currentPeriodEnd
              ? t("billing.downgrade.successScheduled", {
                  date: formatDate(result.currentPeriodEnd, i18n.language),
                })
              : t("billing.downgrade.successScheduledNoDate"),
        variant: "success",
      });
      await navigate(paths.account);
    },
    onError: (error) => {
      toast({
        title: t("billing.downgrade.failed"),
        description: messageOf(error, t("billing.downgrade.failed")),
        variant: "destructive",
      });
    },
  });

  const onFree = !subscription || subscription.planType === "free";
  const scheduled = !onFree && subscription.cancelAtPeriodEnd === true;

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
          <Button asChild className="mt-6 w-full sm:w-auto">
            <Link to={paths.account}>{t("billing.downgrade.free.back")}</Link>
          </Button>
        </Card>
      ) : (
        <Card>
          <DowngradeDetails subscription={subscription} user={me.data} />
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to={paths.account}>{t("billing.downgrade.cancel")}</Link>
            </Button>
            <Button
              variant="destructive"
              disabled={downgrade.isPending}
              aria-busy={downgrade.isPending || undefined}
              onClick={() => downgrade.mutate()}
            >
              {downgrade.isPending
                ? t("billing.downgrade.confirming")
                : t("billing.downgrade.confirm")}
            </Button>
          </div>
        </Card>
      )}
    </Page>
  );
}
