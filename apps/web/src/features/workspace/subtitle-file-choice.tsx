import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { MAX_IMPORT_BYTES } from "@verbatim/subtitles";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import type { SubtitleImport } from "./upload-transport";

/** What the subtitle file picker offers (the server reads the format from the content). */
const SUBTITLE_ACCEPT = ".srt,.vtt,.webvtt,.ass,.ssa,.ttml,.dfxp,.xml,.sbv,.txt,.text,.docx";

/**
 * An optional subtitle or transcript file sent with the media: its timings kept (no minutes)
 * or re-timed to the speech (charged as a transcription). A script without timings (plain text,
 * DOCX) is re-timed by default.
 */
export function SubtitleFileChoice({
  value,
  onChange,
}: {
  value: SubtitleImport | null;
  onChange(next: SubtitleImport | null): void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const choose = (file: File) => {
    if (file.size > MAX_IMPORT_BYTES) {
      toast({ title: t("workspace.subtitles.tooLarge"), variant: "destructive" });
      return;
    }
    onChange({ file, retime: /\.(txt|text|docx)$/i.test(file.name) });
  };
  return (
    <fieldset className="space-y-3 rounded-xl border border-zinc-200 p-5">
      <legend className="px-1 text-base font-semibold text-zinc-900">
        {t("workspace.subtitles.title")}
      </legend>
      <p className="text-sm text-zinc-600">{t("workspace.subtitles.hint")}</p>
      <input
        ref={input}
        type="file"
        accept={SUBTITLE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t("workspace.subtitles.choose")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) choose(file);
          event.target.value = "";
        }}
      />
      {value ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 truncate font-medium text-zinc-900">{value.file.name}</p>
            <Button variant="outline" size="sm" onClick={() => onChange(null)}>
              {t("workspace.subtitles.remove")}
            </Button>
          </div>
          <div
            role="radiogroup"
            aria-label={t("workspace.subtitles.timings")}
            className="grid gap-3 sm:grid-cols-2"
          >
            {([false, true] as const).map((retime) => (
              <label
                key={String(retime)}
                className="flex cursor-pointer gap-3 rounded-lg border border-zinc-200 p-3 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
              >
                <input
                  type="radio"
                  name="retime"
                  checked={value.retime === retime}
                  onChange={() => onChange({ ...value, retime })}
                  className="mt-1 accent-blue-600"
                />
                <span>
                  <span className="block font-medium text-zinc-900">
                    {t(retime ? "workspace.subtitles.retime" : "workspace.subtitles.keep")}
                  </span>
                  <span className="block text-sm text-zinc-600">
                    {t(retime ? "workspace.subtitles.retimeHint" : "workspace.subtitles.keepHint")}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </>
      ) : (
        <Button variant="outline" onClick={() => input.current?.click()}>
          {t("workspace.subtitles.choose")}
        </Button>
      )}
    </fieldset>
  );
}
