import { useTranslation } from "react-i18next";
import { CallToAction } from "./call-to-action";
import { BenefitList, FeatureGrid } from "./feature-grid";
import { Hero } from "./hero";
import { HowItWorks } from "./how-it-works";
import { LanguageList } from "./language-list";
import { MinutePacks } from "./minute-packs";
import { PricingCards } from "./pricing-cards";
import { Section } from "./section";
import { Testimonials } from "./testimonials";
import { useDocumentTitle } from "./use-document-title";

/** The home page for visitors: every call to action leads to sign-up or log-in. */
export function VisitorHome() {
  const { t } = useTranslation();
  useDocumentTitle(t("marketing.home.documentTitle"));
  return (
    <>
      <Hero />
      <Section
        title={t("marketing.home.features.title")}
        intro={t("marketing.home.features.intro")}
      >
        <FeatureGrid keys={["engine", "readable", "vad", "chinese", "editor", "formats"]} />
      </Section>
      <Section
        tone="muted"
        title={t("marketing.home.benefits.title")}
        intro={t("marketing.home.benefits.intro")}
      >
        <BenefitList />
      </Section>
      <Section title={t("marketing.howItWorks.title")} intro={t("marketing.howItWorks.intro")}>
        <HowItWorks />
      </Section>
      <Section
        tone="muted"
        title={t("marketing.languages.title")}
        intro={t("marketing.languages.intro")}
      >
        <LanguageList />
      </Section>
      <Section title={t("marketing.testimonials.title")}>
        <Testimonials />
      </Section>
      <Section
        tone="muted"
        title={t("marketing.home.pricing.title")}
        intro={t("marketing.home.pricing.intro")}
      >
        <PricingCards />
        <h3 className="mt-14 mb-6 text-center text-xl font-semibold text-zinc-900">
          {t("marketing.packs.title")}
        </h3>
        <MinutePacks />
      </Section>
      <CallToAction secondary="login" />
    </>
  );
}
