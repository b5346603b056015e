import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import type { WorkspaceError } from "./process-step";

/** Failures a smaller or compressed file avoids: too large, or too slow for the server. */
const LARGE_FILE_CODES = new Set(["FILE_TOO_LARGE", "BODY_TOO_LARGE", "TIMEOUT", "HTTP_413"]);

/** Which help to show, from the failure's code: a large-file problem, or general. */
export function helpKind(error: WorkspaceError): "helpLarge" | "helpGeneral" {
  const code = error.code ?? "";
  // A 5xx without our error body is a proxy giving up on a long request.
  return LARGE_FILE_CODES.has(code) || /^HTTP_5\d\d$/.test(code) ? "helpLarge" : "helpGeneral";
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
