import { useTranslation } from "react-i18next";
import { Page } from "../../components/ui/page";

export type LegalDocumentName = "privacy" | "terms" | "cookies";

interface LegalSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

function isSection(value: unknown): value is LegalSection {
  return (
    typeof value === "object" && value !== null && typeof (value as LegalSection).title === "string"
  );
}

/** A legal page: title, last-updated date, then numbered sections (legal.<doc>.sections). */
export function LegalDocument({ doc }: { doc: LegalDocumentName }) {
  const { t } = useTranslation();
  const raw = t(`legal.${doc}.sections`, { returnObjects: true }) as unknown;
  const sections = Array.isArray(raw) ? raw.filter(isSection) : [];
  return (
    <Page
      title={t(`legal.${doc}.title`)}
      intro={
        <>
          <p className="text-sm text-zinc-600">{t("legal.lastUpdated")}</p>
          <p className="mt-4">{t(`legal.${doc}.intro`)}</p>
        </>
      }
    >
      <div className="space-y-10">
        {sections.map((section, index) => (
          <section
            key={section.title}
            aria-labelledby={`${doc}-${index + 1}`}
            data-testid="legal-section"
          >
            <h2 id={`${doc}-${index + 1}`} className="text-xl font-semibold text-zinc-900">
              {index + 1}. {section.title}
            </h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-7 text-zinc-700">
                {paragraph}
              </p>
            ))}
            {section.items && (
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-7 text-zinc-700">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      <p className="mt-12 border-t border-zinc-200 pt-6 text-sm text-zinc-600">
        {t("legal.questions")}
      </p>
    </Page>
  );
}
