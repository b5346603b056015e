import { useTranslation } from "react-i18next";
import { Page } from "../components/ui/page";
import { CallToAction } from "../features/marketing/call-to-action";
import { FEATURES, FeatureGrid, type FeatureKey } from "../features/marketing/feature-grid";
import { FactList } from "../features/marketing/info-cards";
import { LanguageList } from "../features/marketing/language-list";
import { PageActions } from "../features/marketing/page-actions";
import { tList } from "../features/marketing/plans";
import { SubSection } from "../features/marketing/section";

const ALL_FEATURES = Object.keys(FEATURES) as FeatureKey[];

/** /features: every feature, the formats and limits, and the languages. */
export default function FeaturesPage() {
  const { t } = useTranslation();
  return (
    <Page
      width="wide"
      title={t("marketing.featuresPage.title")}
      intro={t("marketing.featuresPage.intro")}
    >
      <PageActions />
      <div className="mt-16">
        <SubSection title={t("marketing.featuresPage.allTitle")}>
          <FeatureGrid keys={ALL_FEATURES} />
        </SubSection>
        <SubSection title={t("marketing.featuresPage.inputTitle")}>
          <FactList items={tList(t, "marketing.featuresPage.inputs")} />
        </SubSection>
        <SubSection title={t("marketing.featuresPage.outputTitle")}>
          <FactList items={tList(t, "marketing.featuresPage.outputs")} />
        </SubSection>
        <SubSection title={t("marketing.featuresPage.developersTitle")}>
          <p className="max-w-3xl leading-7 text-zinc-600">
            {t("marketing.featuresPage.developersText")}
          </p>
        </SubSection>
        <SubSection title={t("marketing.languages.title")} intro={t("marketing.languages.intro")}>
          <LanguageList />
        </SubSection>
      </div>
      <CallToAction inset />
    </Page>
  );
}
