import { clsx } from "clsx";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { SharedTranscription } from "../../api/types";
import { trackName } from "./language-names";

/** A shared transcription's completed translation tracks (none on links made before them). */
export type SharedTracks = NonNullable<SharedTranscription["translations"]>;

/** What a share page's viewer reads: the original, a translation, or both side by side. */
export interface ShownTrack {
  /** The translation's BCP-47 code; null: the original only. */
  language: string | null;
  mode: "translation" | "both";
}

export const ORIGINAL_ONLY: ShownTrack = { language: null, mode: "translation" };

/** The shown translation's text of a subtitle (by its id); undefined for the original only. */
export function translatedText(
  shared: Pick<SharedTranscription, "translations">,
  shown: ShownTrack,
  subtitleId: number,
): string | undefined {
  if (shown.language === null) return undefined;
  return shared.translations
    ?.find((track) => track.language === shown.language)
    ?.cues.find((cue) => cue.index === subtitleId)?.text;
}

/** Whether a subtitle's original line gives way to its translation (shown alone). */
export function hidesOriginal(
  shared: Pick<SharedTranscription, "translations">,
  shown: ShownTrack,
  subtitleId: number,
): boolean {
  return shown.mode === "translation" && translatedText(shared, shown, subtitleId) !== undefined;
}

/**
 * A subtitle's translation on the share page: in place of the original, or beside it (below it
 * on a phone); nothing for the original only or a subtitle the track left empty.
 */
export function CueTranslation({
  shared,
  shown,
  subtitleId,
}: {
  shared: Pick<SharedTranscription, "translations">;
  shown: ShownTrack;
  subtitleId: number;
}) {
  const text = translatedText(shared, shown, subtitleId);
  if (text === undefined) return null;
  return (
    <p
      lang={shown.language ?? undefined}
      data-testid="shared-translation"
      className={clsx(
        "min-w-0 flex-1 whitespace-pre-line",
        shown.mode === "both"
          ? "basis-full pl-10 text-zinc-600 sm:basis-0 sm:border-l sm:border-zinc-200 sm:pl-3"
          : "text-zinc-900",
      )}
    >
      {text}
    </p>
  );
}

/** The export's `language` and `track` for what is shown (the owner's export parameters). */
export function downloadTrack(shown: ShownTrack): Record<string, string> {
  return shown.language === null ? {} : { language: shown.language, track: shown.mode };
}

/**
 * The share page's choice of text: the original, a translation track, or the original with its
 * translation under each line; downloads follow it. Nothing when the transcription has no
 * completed track.
 */
export function SharedTrackSwitch({
  shared,
  value,
  onChange,
}: {
  shared: Pick<SharedTranscription, "translations">;
  value: ShownTrack;
  onChange(next: ShownTrack): void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const tracks: SharedTracks = shared.translations ?? [];
  if (tracks.length === 0) return null;
  const selected = value.language === null ? "original" : `${value.mode}:${value.language}`;
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">
        {t("translation.shared.show")}
      </label>
      <select
        id={id}
        value={selected}
        onChange={(event) => {
          const [mode, language] = event.target.value.split(/:(.*)/s);
          onChange(
            language ? { language, mode: mode === "both" ? "both" : "translation" } : ORIGINAL_ONLY,
          );
        }}
        className="h-10 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 sm:w-auto"
      >
        <option value="original">{t("translation.shared.original")}</option>
        {tracks.map((track) => {
          const language = trackName(track.language, i18n.language);
          return [
            <option key={`t:${track.language}`} value={`translation:${track.language}`}>
              {t("translation.shared.translation", { language })}
            </option>,
            <option key={`b:${track.language}`} value={`both:${track.language}`}>
              {t("translation.shared.both", { language })}
            </option>,
          ];
        })}
      </select>
    </div>
  );
}
