import { useTranslation } from "react-i18next";
import { Page } from "../components/ui/page";
import { CallToAction } from "../features/marketing/call-to-action";
import { FaqAccordion } from "../features/marketing/faq-accordion";
import { MinutePacks } from "../features/marketing/minute-packs";
import { PricingCards } from "../features/marketing/pricing-cards";
import { SubSection } from "../features/marketing/section";

const PRICING_FAQ = [
  { items: ["minutesCount", "translationMinutes", "unused", "extraMinutes", "cancel"] },
] as const;

/** /pricing: plans, extra minutes, four questions and a closing call to action. */
export default function PricingPage() {
  const { t } = useTranslation();
  return (
    <Page width="wide" title={t("marketing.pricing.title")} intro={t("marketing.pricing.intro")}>
      <SubSection title={t("marketing.pricing.plansTitle")}>
        <PricingCards />
      </SubSection>
      <SubSection title={t("marketing.packs.title")} intro={t("marketing.packs.intro")}>
        <MinutePacks />
      </SubSection>
      <SubSection title={t("marketing.pricing.faqTitle")}>
        <div className="max-w-3xl">
          <FaqAccordion groups={PRICING_FAQ} />
        </div>
      </SubSection>
      <CallToAction
        inset
        title={t("marketing.pricing.ctaTitle")}
        text={t("marketing.pricing.ctaText")}
      />
    </Page>
  );
}
