import { useTranslation } from "react-i18next";
import { IconTile } from "./icons";

const STEPS = [
  ["upload", "upload"],
  ["process", "server"],
  ["edit", "edit"],
  ["download", "download"],
] as const;

/** The four steps: upload, process, edit, download. */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {STEPS.map(([key, icon], index) => (
        <li key={key} className="relative rounded-xl border border-zinc-200 bg-white p-6">
          <div className="flex items-center gap-3">
            <IconTile name={icon} />
            <span className="text-sm font-semibold text-blue-700">
              {t("marketing.howItWorks.step", { number: index + 1 })}
            </span>
          </div>
          <h3 className="mt-4 text-lg font-semibold text-zinc-900">
            {t(`marketing.howItWorks.${key}.title`)}
          </h3>
          <p className="mt-2 text-sm leading-6 text-zinc-600">
            {t(`marketing.howItWorks.${key}.text`)}
          </p>
        </li>
      ))}
    </ol>
  );
}
