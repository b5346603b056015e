import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { Page } from "../components/ui/page";
import { planName } from "../features/billing/checkout-codes";
import { BusyNotice, StatusCard } from "../features/billing/status-card";
import { usePaymentConfirmation } from "../features/billing/use-payment-confirmation";

/** /payment-success?session_id&plan&minutes: confirms the payment, then success or failure. */
export default function PaymentSuccessPage() {
  const { t } = useTranslation();
  const state = usePaymentConfirmation();

  const actions = (
    <>
      <Button asChild>
        <Link to={paths.home}>{t("billing.paymentSuccess.startTranscribing")}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={`${paths.account}?refresh=true`}>{t("billing.paymentSuccess.viewAccount")}</Link>
      </Button>
      <Button asChild variant="ghost">
        <Link to={paths.home}>{t("billing.paymentSuccess.returnHome")}</Link>
      </Button>
    </>
  );

  return (
    <Page title={t("billing.paymentSuccess.title")} width="narrow">
      {state.status === "confirming" && (
        <BusyNotice message={t("billing.paymentSuccess.confirming")} />
      )}
      {state.status === "error" && (
        <StatusCard
          title={t("billing.paymentSuccess.failedTitle")}
          message={state.message}
          actions={actions}
        >
          <p className="mt-2 text-sm text-red-800">{t("billing.paymentSuccess.failedHelp")}</p>
        </StatusCard>
      )}
      {state.status === "success" && (
        <StatusCard
          tone="success"
          title={t("billing.paymentSuccess.successTitle")}
          message={
            state.purchase.kind === "plan"
              ? t("billing.paymentSuccess.planActive", { plan: planName(state.purchase.plan, t) })
              : t("billing.paymentSuccess.packAdded", { count: state.result.minutesAdded })
          }
          actions={actions}
        >
          <p className="mt-2 text-emerald-900">
            {t("billing.paymentSuccess.minutesAvailable", { count: state.result.minutes })}
          </p>
        </StatusCard>
      )}
    </Page>
  );
}
