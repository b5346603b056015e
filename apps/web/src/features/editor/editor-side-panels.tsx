// The panels beside the cues: translations, overview, ask, checks and comments.
import { DEFAULT_STYLE } from "@verbatim/subtitles";
import { AskPanel } from "../insights/ask-panel";
import { OverviewPanel } from "../insights/overview-panel";
import { CommentsPanel } from "../sharing/comments-panel";
import { TranslationsPanel } from "../translation/translations-panel";
import { ChecksPanel } from "./checks-panel";
import type { EditorCue, EditorTranscription } from "./types";

export function EditorSidePanels({
  transcription,
  mediaMs,
  cues,
  readOnly,
  openTranslation,
  onOpenTranslation,
  onSeekMoment,
  onJump,
  onSave,
  onApply,
}: {
  transcription: EditorTranscription;
  /** The media's length in ms, as the panels that bound times by it take it. */
  mediaMs: number | null;
  cues: readonly EditorCue[];
  readOnly: boolean;
  /** The language of the translation shown beside its original, or null. */
  openTranslation: string | null;
  onOpenTranslation(language: string | null): void;
  /** Plays from a moment (ms) and selects the subtitle there. */
  onSeekMoment(ms: number): void;
  /** Goes to a subtitle (its index). */
  onJump(index: number): void;
  /** Saves quietly; whether it was saved. */
  onSave(): Promise<boolean>;
  /** Replaces the cues (one undo step). */
  onApply(cues: EditorCue[]): void;
}) {
  return (
    <div className="space-y-4">
      <TranslationsPanel
        transcriptionId={transcription.id}
        durationMs={mediaMs}
        style={transcription.style ?? DEFAULT_STYLE}
        readOnly={readOnly}
        open={openTranslation}
        onOpen={onOpenTranslation}
      />
      <OverviewPanel
        transcriptionId={transcription.id}
        durationMs={mediaMs}
        status={transcription.insightsStatus ?? null}
        readOnly={readOnly}
        onSeek={onSeekMoment}
      />
      <AskPanel transcriptionId={transcription.id} onSeek={onSeekMoment} />
      <ChecksPanel
        transcriptionId={transcription.id}
        cues={cues}
        readOnly={readOnly}
        onSave={onSave}
        onJump={onJump}
        onApply={onApply}
      />
      <CommentsPanel
        transcriptionId={transcription.id}
        commentCount={transcription.commentCount ?? 0}
        onJump={onSeekMoment}
      />
    </div>
  );
}
