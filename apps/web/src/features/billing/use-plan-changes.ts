import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
import { queryKeys } from "../../api/queries";
import type { ActiveSubscription } from "../../api/types";
import { toast } from "../../components/ui/toast-store";
import { planName } from "./checkout-codes";
import { formatDate } from "./downgrade-details";
import { errorText } from "../../api/error-text";

/** Cancel at the period end or resume a cancelled plan; both refresh the plan and balance. */
function usePlanChange(
  path: "/api/subscriptions/cancel" | "/api/subscriptions/resume",
  onDone?: () => unknown,
) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const cancelling = path === "/api/subscriptions/cancel";
  return useMutation({
    mutationFn: () => api<ActiveSubscription>(path, { method: "POST" }),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
      const date = result.currentPeriodEnd
        ? formatDate(result.currentPeriodEnd, i18n.language)
        : "";
      toast({
        title: cancelling
          ? t("billing.downgrade.atPeriodEnd.successTitle")
          : t("billing.downgrade.resume.successTitle"),
        description: cancelling
          ? t("billing.downgrade.atPeriodEnd.success", { date })
          : t("billing.downgrade.resume.success", { plan: planName(result.planType, t) }),
        variant: "success",
      });
      await onDone?.();
    },
    onError: (error) => {
      const title = cancelling
        ? t("billing.downgrade.atPeriodEnd.failed")
        : t("billing.downgrade.resume.failed");
      toast({ title, description: errorText(error, title), variant: "destructive" });
    },
  });
}

/** POST /api/subscriptions/cancel: the plan ends at the period end (undo until then). */
export const useCancelAtPeriodEnd = (onDone?: () => unknown) =>
  usePlanChange("/api/subscriptions/cancel", onDone);

/** POST /api/subscriptions/resume: undoes a cancellation before the period ends. */
export const useResumePlan = (onDone?: () => unknown) =>
  usePlanChange("/api/subscriptions/resume", onDone);
