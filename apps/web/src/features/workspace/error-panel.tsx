import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import type { WorkspaceError } from "./process-step";

/** Which help to show: a failed video-site download, a large-file problem, or general. */
export function helpKind(error: WorkspaceError): "helpDownload" | "helpLarge" | "helpGeneral" {
  if (/download/i.test(error.message) && /(video|youtube|url|link)/i.test(error.message))
    return "helpDownload";
  const text = `${error.details ?? ""} ${error.message}`;
  if (/server error|timeout|too large|FILE_TOO_LARGE/i.test(text)) return "helpLarge";
  return "helpGeneral";
}

/** The error panel: title, message, details, help, Back and Try Again. */
export function ErrorPanel({
  error,
  onBack,
  onRetry,
}: {
  error: WorkspaceError;
  onBack(): void;
  onRetry: (() => void) | null;
}) {
  const { t } = useTranslation();
  const help = t(`workspace.error.${helpKind(error)}`, { returnObjects: true }) as string[];
  return (
    <section
      role="alert"
      aria-labelledby="error-title"
      className="space-y-4 rounded-xl border border-red-300 bg-red-50 p-6 text-red-950"
    >
      <h2 id="error-title" className="text-xl font-semibold">
        {t("workspace.error.title")}
      </h2>
      <p>{t("workspace.error.description")}</p>
      <p className="rounded-md bg-white/70 p-3 font-medium">{error.message}</p>
      <div>
        <h3 className="font-semibold">{t("workspace.error.helpTitle")}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {help.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div className="flex gap-3">
        <Button variant="outline" onClick={onBack}>
          {t("workspace.error.back")}
        </Button>
        {onRetry && <Button onClick={onRetry}>{t("workspace.error.tryAgain")}</Button>}
      </div>
    </section>
  );
}
