import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { Page } from "../components/ui/page";
import { isPaidPlan, planCheckoutMessage } from "../features/billing/checkout-codes";
import { BusyNotice, StatusCard } from "../features/billing/status-card";
import { useCheckoutRedirect } from "../features/billing/use-checkout-redirect";

/** /checkout/{planType}: starts a plan checkout and hands the browser to the payment page. */
export default function CheckoutPage() {
  const { t } = useTranslation();
  const { planType } = useParams();
  const valid = isPaidPlan(planType);
  const { error } = useCheckoutRedirect(valid ? `/api/subscriptions/${planType}` : null);
  const message = !valid
    ? t("billing.checkout.invalidPlan")
    : error && planCheckoutMessage(error, t);

  return (
    <Page title={t("billing.checkout.title")} width="narrow">
      {message ? (
        <StatusCard
          title={t("billing.checkout.errorTitle")}
          message={message}
          actions={
            <Button asChild>
              <Link to={paths.home}>{t("billing.checkout.returnHome")}</Link>
            </Button>
          }
        />
      ) : (
        <BusyNotice
          message={t("billing.checkout.redirecting")}
          hint={t("billing.checkout.redirectingHint")}
        />
      )}
    </Page>
  );
}
