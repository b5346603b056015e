import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { Page } from "../components/ui/page";
import { FAQ_GROUPS, FaqAccordion } from "../features/marketing/faq-accordion";

/** /faq: 16 questions in four groups, one open at a time; a way to ask more. */
export default function FaqPage() {
  const { t } = useTranslation();
  return (
    <Page title={t("marketing.faq.title")} intro={t("marketing.faq.intro")}>
      <FaqAccordion groups={FAQ_GROUPS} />
      <section
        aria-labelledby="faq-more"
        className="mt-14 rounded-2xl border border-zinc-200 bg-zinc-50 p-6 text-center sm:p-8"
      >
        <h2 id="faq-more" className="text-xl font-semibold text-zinc-900">
          {t("marketing.faq.moreTitle")}
        </h2>
        <p className="mt-2 text-zinc-600">{t("marketing.faq.moreText")}</p>
        <Button asChild className="mt-6">
          <Link to={paths.contact}>{t("marketing.faq.contactSupport")}</Link>
        </Button>
      </section>
    </Page>
  );
}
