import { useTranslation } from "react-i18next";
import { Page } from "../components/ui/page";
import { PageActions } from "../features/marketing/page-actions";
import { SubSection } from "../features/marketing/section";
import { TechPartners } from "../features/marketing/tech-partners";
import { tList } from "../features/marketing/plans";

/** /about: story, mission, global impact and the technology we build on. */
export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <Page title={t("marketing.about.title")} intro={t("marketing.about.intro")}>
      <SubSection title={t("marketing.about.storyTitle")}>
        <div className="space-y-4 leading-7 text-zinc-700">
          {tList(t, "marketing.about.story").map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </SubSection>
      <SubSection title={t("marketing.about.missionTitle")}>
        <p className="rounded-xl border-l-4 border-blue-600 bg-blue-50 p-5 text-lg leading-8 text-zinc-800">
          {t("marketing.about.mission")}
        </p>
      </SubSection>
      <SubSection title={t("marketing.about.impactTitle")}>
        <div className="space-y-4 leading-7 text-zinc-700">
          {tList(t, "marketing.about.impact").map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </SubSection>
      <SubSection
        title={t("marketing.about.partnersTitle")}
        intro={t("marketing.about.partnersIntro")}
      >
        <TechPartners />
      </SubSection>
      <div className="mt-14 border-t border-zinc-200 pt-10">
        <PageActions secondary="contact" />
      </div>
    </Page>
  );
}
