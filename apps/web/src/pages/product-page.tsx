import { useTranslation } from "react-i18next";
import { Page } from "../components/ui/page";
import { CallToAction } from "../features/marketing/call-to-action";
import { HowItWorks } from "../features/marketing/how-it-works";
import { FactList, InfoCards } from "../features/marketing/info-cards";
import { PageActions } from "../features/marketing/page-actions";
import { tList } from "../features/marketing/plans";
import { SubSection } from "../features/marketing/section";

const AUDIENCES = [
  ["creators", "film"],
  ["podcasters", "wave"],
  ["educators", "users"],
  ["journalists", "edit"],
  ["researchers", "sparkle"],
  ["businesses", "server"],
] as const;

const MODELS = [
  ["fast", "bolt"],
  ["accurate", "sparkle"],
] as const;

/** /product: what Verbatim is, for whom, and what it produces. */
export default function ProductPage() {
  const { t } = useTranslation();
  return (
    <Page width="wide" title={t("marketing.product.title")} intro={t("marketing.product.intro")}>
      <PageActions />
      <div className="mt-16">
        <SubSection title={t("marketing.howItWorks.title")} intro={t("marketing.howItWorks.intro")}>
          <HowItWorks />
        </SubSection>
        <SubSection
          title={t("marketing.product.modelsTitle")}
          intro={t("marketing.product.modelsIntro")}
        >
          <InfoCards prefix="marketing.product.models" items={MODELS} columns={2} />
        </SubSection>
        <SubSection
          title={t("marketing.product.outputTitle")}
          intro={t("marketing.product.outputIntro")}
        >
          <FactList items={tList(t, "marketing.product.outputs")} />
        </SubSection>
        <SubSection title={t("marketing.product.audienceTitle")}>
          <InfoCards prefix="marketing.product.audiences" items={AUDIENCES} />
        </SubSection>
      </div>
      <CallToAction inset />
    </Page>
  );
}
