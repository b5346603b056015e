import { errorText } from "../../api/error-text";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import {
  EXPORT_FORMAT_GROUPS,
  fetchExport,
  fetchExportFile,
  saveBlob,
  type ExportFormat,
  type ExportTrack,
} from "./download-export";
import { TrackChoice } from "./track-choice";
import { BroadcastDelivery } from "./broadcast-delivery";
import { characterStlCannotHold } from "./stl-text";
import { LanguageText } from "../history/language-text";
import { useTranslations } from "../translation/api";
import { trackName } from "../translation/language-names";

const PREVIEW_CHARS = 500;

/**
 * Step 4: every export format in groups (subtitles first), previews, new transcription, back;
 * for a bilingual transcription first the choice of track(s) every download and preview writes.
 */
export function DownloadStep({
  id,
  bilingual = false,
  language = null,
  subtitles = [],
  fileName = "",
  onNew,
  onBack,
}: {
  id: string;
  /** The transcription's subtitles carry translations: offer the track choice. */
  bilingual?: boolean;
  /** The transcription's spoken language (detected or chosen), said in words. */
  language?: string | null;
  /** Its subtitles, to say before the click which formats cannot hold their text. */
  subtitles?: readonly { id?: number; text: string; translation?: string | undefined }[];
  /** The media's name: the broadcast preset's programme title to start from. */
  fileName?: string;
  onNew(): void;
  onBack(): void;
}) {
  const { t, i18n } = useTranslation();
  const [chosenTrack, setTrack] = useState<ExportTrack>("both");
  // A translation track to export with the transcript (`language`), or none.
  const [translation, setTranslation] = useState("");
  // Speaker labels in every format that writes them (the API's `speakerNames`), or left out.
  const [speakerNames, setSpeakerNames] = useState(true);
  const options: Record<string, string> = speakerNames ? {} : { speakerNames: "false" };
  const tracks = (useTranslations(id).data ?? []).filter((item) => item.status === "completed");
  const chosen = tracks.find((item) => item.language === translation) ?? null;
  const translated = useMemo(
    () => (chosen ? new Map(chosen.cues.map((cue) => [cue.index, cue.text])) : null),
    [chosen],
  );
  const exportLanguage = chosen?.language;
  const track = bilingual || chosen ? chosenTrack : undefined;
  // EBU-STL holds Latin script only: the text the chosen track writes, checked here.
  const stlRefused = useMemo(
    () =>
      characterStlCannotHold(
        subtitles.flatMap((cue, position) => {
          const other = translated ? translated.get(cue.id ?? position + 1) : cue.translation;
          return [
            ...(track !== "translation" ? [cue.text] : []),
            ...(track !== "original" && other !== undefined ? [other] : []),
          ];
        }),
      ),
    [subtitles, track, translated],
  );
  const previews = useQuery({
    queryKey: ["export-previews", id, track, exportLanguage, speakerNames],
    queryFn: async () => ({
      srt: await fetchExport(id, "srt", track, exportLanguage, options),
      txt: await fetchExport(id, "txt", track, exportLanguage, options),
    }),
    staleTime: 0,
  });
  const handleDownload = async (format: ExportFormat, parameters: Record<string, string> = {}) => {
    try {
      const file = await fetchExportFile(id, format, track, exportLanguage, {
        ...parameters,
        ...options,
      });
      saveBlob(file.blob, file.fileName);
    } catch (error) {
      toast({
        title: t("workspace.download.failed"),
        description: errorText(error),
        variant: "destructive",
      });
    }
  };
  return (
    <section aria-labelledby="download-title" className="space-y-6">
      <h1 id="download-title" className="text-xl font-semibold text-zinc-900">
        {t("workspace.download.title")}
      </h1>
      <LanguageText code={language} className="block text-sm text-zinc-600" />
      {tracks.length > 0 && (
        <div className="space-y-1">
          <label htmlFor="export-translation" className="block text-sm font-medium text-zinc-900">
            {t("translation.download.language")}
          </label>
          <select
            id="export-translation"
            value={translation}
            onChange={(event) => setTranslation(event.target.value)}
            className="h-10 w-full max-w-sm rounded-md border border-zinc-300 bg-white px-2 text-sm"
          >
            <option value="">{t("translation.download.original")}</option>
            {tracks.map((item) => (
              <option key={item.language} value={item.language}>
                {trackName(item.language, i18n.language)}
              </option>
            ))}
          </select>
        </div>
      )}
      {(bilingual || chosen) && (
        <TrackChoice
          value={chosenTrack}
          onChange={setTrack}
          {...(chosen ? { translationName: trackName(chosen.language, i18n.language) } : {})}
        />
      )}
      <label className="flex min-h-11 items-center gap-2 text-sm text-zinc-900">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={speakerNames}
          onChange={(event) => setSpeakerNames(event.target.checked)}
        />
        {t("workspace.download.speakerNames")}
      </label>
      {(Object.keys(EXPORT_FORMAT_GROUPS) as (keyof typeof EXPORT_FORMAT_GROUPS)[]).map((group) => (
        <section key={group} aria-labelledby={`formats-${group}`} className="space-y-2">
          <h2 id={`formats-${group}`} className="text-sm font-medium text-zinc-700">
            {t(`workspace.download.groups.${group}`)}
          </h2>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {EXPORT_FORMAT_GROUPS[group].map((format: ExportFormat) => {
              const refused = format === "stl" && stlRefused !== null;
              return (
                <Button
                  key={format}
                  variant={format === "srt" ? "primary" : "outline"}
                  disabled={refused}
                  aria-describedby={refused ? "stl-refused" : undefined}
                  onClick={() => void handleDownload(format)}
                >
                  {t("workspace.download.download", {
                    format: t(`workspace.download.formats.${format}`),
                  })}
                </Button>
              );
            })}
          </div>
          {stlRefused !== null && group === "subtitles" && (
            <p id="stl-refused" className="text-sm text-zinc-600">
              {t("workspace.download.stlRefused", { character: stlRefused })}
            </p>
          )}
        </section>
      ))}
      <BroadcastDelivery
        programme={fileName.replace(/\.[^.]+$/u, "")}
        disabled={stlRefused !== null}
        onDownload={(parameters) => void handleDownload("stl", parameters)}
      />
      <div className="grid gap-4 md:grid-cols-2">
        {(["srt", "txt"] as const).map((format) => (
          <figure key={format} className="min-w-0">
            <figcaption
              id={`preview-${format}-title`}
              className="mb-2 text-sm font-medium text-zinc-900"
            >
              {t("workspace.download.previewOf", { format: format.toUpperCase() })}
            </figcaption>
            {/* Scrolls: focusable so the keyboard can scroll it too. */}
            <pre
              role="region"
              tabIndex={0}
              aria-labelledby={`preview-${format}-title`}
              className="h-56 overflow-auto rounded-lg border border-zinc-200 bg-zinc-50 p-3 text-sm whitespace-pre-wrap text-zinc-800 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {previews.data
                ? previews.data[format].text.slice(0, PREVIEW_CHARS)
                : t("common.loading")}
            </pre>
          </figure>
        ))}
      </div>
      <p className="rounded-lg bg-blue-50 p-4 text-sm text-blue-950">
        {t("workspace.download.tip")}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={onBack}>
          {t("workspace.download.backToEditor")}
        </Button>
        <Button onClick={onNew}>{t("workspace.download.newTranscription")}</Button>
      </div>
    </section>
  );
}
