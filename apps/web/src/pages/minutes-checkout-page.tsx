import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { Page } from "../components/ui/page";
import { isMinutePack, minutesCheckoutMessage } from "../features/billing/checkout-codes";
import { BusyNotice, StatusCard } from "../features/billing/status-card";
import { useCheckoutRedirect } from "../features/billing/use-checkout-redirect";

/** /minutes-checkout/{pack}: 500 (default) or 1000 minutes, for Basic subscribers. */
export default function MinutesCheckoutPage() {
  const { t } = useTranslation();
  const pack = useParams().pack || "500";
  const valid = isMinutePack(pack);
  const { error } = useCheckoutRedirect(valid ? `/api/minutes/${pack}` : null);
  const message = !valid
    ? t("billing.minutesCheckout.invalidPack")
    : error && minutesCheckoutMessage(error, t);

  return (
    <Page title={t("billing.minutesCheckout.title")} width="narrow">
      {message ? (
        <StatusCard
          title={t("billing.minutesCheckout.errorTitle")}
          message={message}
          actions={
            <>
              <Button asChild variant="outline">
                <Link to={paths.account}>{t("billing.minutesCheckout.backToAccount")}</Link>
              </Button>
              <Button asChild>
                <Link to={paths.checkout("basic")}>{t("billing.minutesCheckout.upgrade")}</Link>
              </Button>
            </>
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
