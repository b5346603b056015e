import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";

/** A closing band: heading, one line and two links (sign up, and pricing or log in). */
export function CallToAction({
  title,
  text,
  secondary = "pricing",
  inset = false,
}: {
  title?: string;
  text?: string;
  secondary?: "pricing" | "login" | "contact";
  /** Inside a page's frame: a rounded box instead of a full-width band. */
  inset?: boolean;
}) {
  const { t } = useTranslation();
  const seconds: Record<typeof secondary, readonly [string, string]> = {
    pricing: [paths.pricing, t("marketing.cta.viewPricing")],
    login: [paths.login, t("marketing.cta.login")],
    contact: [paths.contact, t("marketing.cta.contactUs")],
  };
  const second = seconds[secondary];
  return (
    <section
      aria-labelledby="cta-title"
      className={clsx("bg-blue-700", inset && "mt-16 rounded-2xl")}
    >
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-16">
        <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          {title ?? t("marketing.cta.title")}
        </h2>
        <p className="mt-3 text-lg text-blue-50">{text ?? t("marketing.cta.text")}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {/* A variant, not extra classes: two utilities for one property do not override. */}
          <Button asChild size="lg" variant="inverse">
            <Link to={paths.register}>{t("marketing.cta.startFree")}</Link>
          </Button>
          <Button asChild size="lg" variant="inverseOutline">
            <Link to={second[0]}>{second[1]}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
