import { useTranslation } from "react-i18next";
import { EXPORT_TRACKS, type ExportTrack } from "./download-export";

// The download step's choice for a bilingual transcription: which language(s) every download
// writes — both stacked (the original line over its English translation), the original alone or
// the English alone (the export route's `track`); the same for a translation track. Radios that stack on a phone.

export function TrackChoice({
  value,
  onChange,
  translationName,
}: {
  value: ExportTrack;
  onChange(next: ExportTrack): void;
  /** A translation track's language in words (else the bilingual job's English). */
  translationName?: string;
}) {
  const { t } = useTranslation();
  const text = (key: string) =>
    translationName === undefined
      ? t(`workspace.download.track.${key}`)
      : t(`translation.download.track.${key}`, { language: translationName });
  return (
    <fieldset className="space-y-2" aria-describedby="track-hint">
      <legend className="text-sm font-medium text-zinc-900">
        {t("workspace.download.track.legend")}
      </legend>
      <p id="track-hint" className="text-sm text-zinc-600">
        {text("hint")}
      </p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {EXPORT_TRACKS.map((track) => (
          <label
            key={track}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
          >
            <input
              type="radio"
              name="export-track"
              value={track}
              checked={value === track}
              onChange={() => onChange(track)}
              className="h-4 w-4 accent-blue-600"
            />
            {text(track)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
