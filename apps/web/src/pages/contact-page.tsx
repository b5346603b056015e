import { useTranslation } from "react-i18next";
import { Page } from "../components/ui/page";
import { ContactForm } from "../features/marketing/contact-form";
import { ContactInfo } from "../features/marketing/contact-info";

/** /contact: the form and the ways to reach support. */
export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <Page width="wide" title={t("marketing.contact.title")} intro={t("marketing.contact.intro")}>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="mb-6 text-xl font-semibold text-zinc-900">
            {t("marketing.contact.formTitle")}
          </h2>
          <ContactForm />
        </section>
        <ContactInfo />
      </div>
    </Page>
  );
}
