import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";

/** Start free (/register) and a second link (View Pricing by default), under a page's h1. */
export function PageActions({ secondary = "pricing" }: { secondary?: "pricing" | "contact" }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Button asChild size="lg">
        <Link to={paths.register}>{t("marketing.cta.startFree")}</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        {secondary === "pricing" ? (
          <Link to={paths.pricing}>{t("marketing.cta.viewPricing")}</Link>
        ) : (
          <Link to={paths.contact}>{t("marketing.cta.contactUs")}</Link>
        )}
      </Button>
    </div>
  );
}
