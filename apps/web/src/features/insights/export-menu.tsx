import { INSIGHT_EXPORT_FORMATS, type InsightExportFormat } from "@verbatim/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { saveBlob } from "../workspace/download-export";
import { fetchInsightsExport } from "./api";

/** The insights' exports: a format (every one the export route offers) and a download. */
export function InsightsExportMenu({ transcriptionId }: { transcriptionId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [format, setFormat] = useState<InsightExportFormat>("md");
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const file = await fetchInsightsExport(transcriptionId, format);
      saveBlob(file.blob, file.fileName);
    } catch (error) {
      toast({
        title: t("insights.export.failed"),
        description: errorText(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label htmlFor={id} className="flex min-w-0 flex-1 flex-col gap-1 text-sm text-zinc-800">
        {t("insights.export.label")}
        <select
          id={id}
          value={format}
          onChange={(event) => setFormat(event.target.value as InsightExportFormat)}
          className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm"
        >
          {INSIGHT_EXPORT_FORMATS.map((value) => (
            <option key={value} value={value}>
              {t(`insights.export.formats.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => void save()}>
        {t("insights.export.download")}
      </Button>
    </div>
  );
}
