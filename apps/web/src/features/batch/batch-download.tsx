import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { EXPORT_FORMAT_GROUPS, EXPORT_FORMATS } from "@verbatim/contract";
import type { ExportFormat } from "../workspace/download-export";
import { downloadZip } from "./download-zip";

/** The finished files in chosen formats, as one ZIP. */
export function BatchDownload({ jobIds }: { jobIds: string[] }) {
  const { t } = useTranslation();
  const [formats, setFormats] = useState<ExportFormat[]>(["srt"]);
  const [busy, setBusy] = useState(false);
  const toggle = (format: ExportFormat, on: boolean) =>
    setFormats((list) =>
      on
        ? EXPORT_FORMATS.filter((f) => f === format || list.includes(f))
        : list.filter((f) => f !== format),
    );
  const download = async () => {
    setBusy(true);
    try {
      await downloadZip(jobIds, formats);
    } catch (error) {
      toast({ title: errorText(error), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="batch-download"
      className="space-y-3 rounded-xl border border-zinc-200 p-4"
    >
      <h2 id="batch-download" className="font-semibold text-zinc-900">
        {t("batch.download.title")}
      </h2>
      {Object.entries(EXPORT_FORMAT_GROUPS).map(([group, list]) => (
        <fieldset key={group} className="space-y-1">
          <legend className="text-sm font-medium text-zinc-800">
            {t(`workspace.download.groups.${group}`)}
          </legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {list.map((format) => (
              <label key={format} className="flex items-center gap-2 text-sm text-zinc-800">
                <input
                  type="checkbox"
                  className="size-4 accent-blue-600"
                  checked={formats.includes(format)}
                  onChange={(event) => toggle(format, event.target.checked)}
                />
                {t(`workspace.download.formats.${format}`)}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <Button disabled={busy || formats.length === 0} onClick={() => void download()}>
        {t("batch.download.button", { count: jobIds.length })}
      </Button>
    </section>
  );
}
