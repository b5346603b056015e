// Above the cue list: times as frames (a checkbox), and snapping cues to the video's shot changes.
import { DEFAULT_FRAME_RATE } from "@verbatim/contract";
import { frameRate as frameRateOf, framesToMs } from "@verbatim/formats/frame-rate";
import { DEFAULT_STYLE, styleLimits } from "@verbatim/subtitles";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { snapToShots } from "./cue-operations";
import type { EditorStore } from "./editor-history";
import type { EditorTranscription } from "./types";

/** Frame mode: times as SMPTE timecode of the video's rate (25 for audio, as exports). */
export function FrameModeToggle({
  frameMode,
  onChange,
  rateName,
}: {
  frameMode: boolean;
  onChange(frameMode: boolean): void;
  /** The video's frame rate, as named. */
  rateName: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="mb-2 flex items-center gap-2 text-sm text-zinc-800 max-sm:min-h-11">
      <input
        type="checkbox"
        checked={frameMode}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4"
      />
      {frameMode
        ? t("editor.frames.on", { rate: rateName })
        : `${t("editor.frames.label")} (${t("editor.frames.rate", { rate: rateName })})`}
    </label>
  );
}

/** Moves cue edges onto nearby shot changes (one undo step) and says how many moved. */
export function SnapToShotsButton({
  store,
  flush,
  transcription,
  gapMs,
}: {
  store: EditorStore;
  /** Applies text still waiting in the plain view. */
  flush(): void;
  transcription: EditorTranscription;
  /** The minimum gap between cues. */
  gapMs: number;
}) {
  const { t } = useTranslation();
  const rate = frameRateOf(transcription.frameRate ?? DEFAULT_FRAME_RATE);
  return (
    <Button
      size="sm"
      variant="outline"
      className="mb-2"
      onClick={() => {
        flush();
        const cues = store.get().cues;
        const snapped = snapToShots(cues, transcription.shotChanges ?? [], {
          frameMs: framesToMs(1, rate),
          gapMs,
          rules: styleLimits(transcription.style ?? DEFAULT_STYLE, null).shotChanges,
        });
        const moved = snapped.filter((cue, i) => cue !== cues[i]).length;
        if (moved > 0) store.dispatch({ type: "replace", cues: snapped });
        toast({ title: t("editor.shots.snapped", { count: moved }) });
      }}
    >
      {t("editor.shots.snap", { count: transcription.shotChanges?.length ?? 0 })}
    </Button>
  );
}
