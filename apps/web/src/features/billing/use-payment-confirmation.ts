import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { storedToken } from "../../api/auth-storage";
import { api } from "../../api/client";
import { queryKeys } from "../../api/queries";
import type { ConfirmationResponse, PackCheckoutDone, PlanCheckoutDone } from "../../api/types";
import { paths } from "../../app/paths";
import { useSession } from "../../auth/session";
import { toast } from "../../components/ui/toast-store";
import { errorText } from "../../api/error-text";

/** Waits after a failed sign-in check and before refreshing after a plan. */
export const REFRESH_WAIT_MS = 500;
export const PLAN_SETTLE_MS = 1000;

export type Purchase = { kind: "plan"; plan: string } | { kind: "pack"; minutes: string };

export type ConfirmationState =
  | { status: "confirming" }
  | { status: "success"; purchase: Purchase; result: ConfirmationResponse }
  | { status: "error"; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The payment return: confirms the checkout with the server exactly once, after
 * making sure there is a session (a refresh, 0.5 s, else /login and back here).
 */
export function usePaymentConfirmation(): ConfirmationState {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const [state, setState] = useState<ConfirmationState>({ status: "confirming" });
  const started = useRef(false);

  const sessionId = params.get("session_id");
  const plan = params.get("plan");
  const minutes = params.get("minutes");
  const returnTo = location.pathname + location.search;

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    const fail = (message: string) => {
      setState({ status: "error", message });
      toast({
        title: t("billing.paymentSuccess.errorToast"),
        description: message,
        variant: "destructive",
      });
    };

    const run = async () => {
      if (!sessionId) return fail(t("billing.paymentSuccess.missingSession"));
      const purchase: Purchase | null = plan
        ? { kind: "plan", plan }
        : minutes
          ? { kind: "pack", minutes }
          : null;
      if (!purchase) return fail(t("billing.paymentSuccess.unknownPurchase"));

      if (!storedToken()) {
        await refresh();
        await wait(REFRESH_WAIT_MS);
        if (!storedToken()) {
          toast({ title: t("auth.required.title"), description: t("auth.required.description") });
          await navigate(paths.login, { replace: true, state: { from: returnTo } });
          return;
        }
      }

      try {
        const result =
          purchase.kind === "plan"
            ? await api<ConfirmationResponse>("/api/subscriptions/checkout-complete", {
                method: "POST",
                body: { sessionId, planType: purchase.plan } satisfies PlanCheckoutDone,
              })
            : await api<ConfirmationResponse>("/api/minutes/checkout-complete", {
                method: "POST",
                body: { sessionId, minutesPack: purchase.minutes } satisfies PackCheckoutDone,
              });
        setState({ status: "success", purchase, result });
        toast({
          title: t("billing.paymentSuccess.minutesAddedTitle"),
          description: t("billing.paymentSuccess.minutesAddedDescription", {
            count: result.minutesAdded,
          }),
          variant: "success",
        });
        if (purchase.kind === "plan") await wait(PLAN_SETTLE_MS);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.me }),
          queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
        ]);
      } catch (error) {
        fail(errorText(error, t("billing.paymentSuccess.failedDefault")));
      }
    };
    void run();
  }, [sessionId, plan, minutes, returnTo, refresh, navigate, queryClient, t]);

  return state;
}
