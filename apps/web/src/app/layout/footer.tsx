import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../paths";

const COLUMNS = [
  {
    heading: "footer.product",
    links: [
      [paths.product, "footer.product"],
      [paths.features, "footer.features"],
      [paths.pricing, "footer.pricing"],
      [paths.developers, "footer.developers"],
    ],
  },
  {
    heading: "footer.company",
    links: [
      [paths.about, "footer.about"],
      [paths.faq, "footer.faq"],
      [paths.contact, "footer.contact"],
    ],
  },
  {
    heading: "footer.legal",
    links: [
      [paths.privacy, "footer.privacy"],
      [paths.terms, "footer.terms"],
      [paths.cookies, "footer.cookies"],
    ],
  },
] as const;

/** The footer: the product, company and legal links, and how files are handled. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto border-t border-zinc-200 bg-zinc-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        <div>
          <p className="font-bold text-zinc-900">{t("common.appName")}</p>
          <p className="mt-2 text-sm text-zinc-600">{t("footer.tagline")}</p>
          <p className="mt-2 text-sm text-zinc-600">{t("footer.secure")}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={t(column.heading)}>
            <h2 className="text-sm font-semibold text-zinc-900">{t(column.heading)}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map(([to, label]) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="text-sm text-zinc-600 hover:text-zinc-900 hover:underline"
                  >
                    {t(label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-zinc-200 py-4 text-center text-xs text-zinc-600">
        {t("footer.rights", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
