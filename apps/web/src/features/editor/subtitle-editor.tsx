import { DEFAULT_FRAME_RATE } from "@verbatim/contract";
import { frameRate as frameRateOf, framesToMs, gapAtRate } from "@verbatim/formats/frame-rate";
import { DEFAULT_STYLE, styleLimits } from "@verbatim/subtitles";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { LanguageText } from "../history/language-text";
import { RecogniserText } from "../history/recogniser-text";
import { cueAt } from "./cue-checks";
import { fromSubtitles, timeMs, snapToShots } from "./cue-operations";
import { CueList } from "./cue-list";
import { StyleControls } from "./style-controls";
import { cueTextId } from "./cue-row";
import { ConflictBanner } from "./conflict-banner";
import { DraftOffer } from "./draft-offer";
import { loadDraft } from "./editor-drafts";
import { SpeakerPanel } from "./speaker-panel";
import { ShareDialog } from "../sharing/share-dialog";
import { CaptionedVideoDialog } from "../captioned-video/captioned-video-dialog";
import { type Speaker } from "./speakers";
import { EditorToolbar, type EditorView } from "./editor-toolbar";
import { FindReplacePanel } from "./find-replace-panel";
import { PlainView } from "./plain-view";
import { isChineseTranscript, ScriptControl } from "./script-control";
import { toPlainText } from "./plain-text";
import { toPlainTextWithSpeakers } from "./plain-speakers";
import type { EditorTranscription, Subtitle } from "./types";
import { toast } from "../../components/ui/toast-store";
import { usePlayback } from "./use-playback";
import { useShortcuts } from "./use-shortcuts";
import { openingFor, type Opening } from "./editor-opening";
import { useEditorDraft } from "./use-editor-draft";
import { useEditorMedia } from "./use-editor-media";
import { useCueHandlers } from "./use-cue-handlers";
import { useFindInCues } from "./use-find-in-cues";
import { useCueSummary } from "./use-cue-summary";
import { targetCueActions } from "./target-cue-actions";
import { Editable } from "./editable";
import { EditorFooter } from "./editor-footer";
import { EditorPlayer } from "./editor-player";
import { EditorSidePanels } from "./editor-side-panels";
import { MismatchSummary } from "./script-mismatches";
import { BilingualView } from "../translation/bilingual-view";
import { useTranslations } from "../translation/api";

export type { Subtitle } from "./types";
export { openingFor } from "./editor-opening";

export interface SubtitleEditorProps {
  transcription: EditorTranscription;
  /** The local media file for playback; null when the browser no longer has it. */
  media: File | null;
  onBack(): void;
  /** Continue to downloads with what the server now holds (and its version). */
  onContinue(saved: Subtitle[], version?: string, speakers?: Speaker[] | null): void;
  /**
   * Shown, not edited: a team role that may read but not edit (a viewer). Every control that
   * would change the subtitles is disabled and nothing is saved, so no one types changes that
   * the server would refuse and lose them.
   */
  readOnly?: boolean;
  /** Where to open: the player at this moment (ms) and its subtitle selected. */
  startAtMs?: number | null;
}

/** The Edit step: cue list or plain text, player, waveform, undo, save. */
export function SubtitleEditor(props: SubtitleEditorProps) {
  const { id, subtitles } = props.transcription;
  const speakers = props.transcription.speakers ?? null;
  const [opening, setOpening] = useState<{ id: string; opening: Opening } | null>(null);
  useEffect(() => {
    let current = true;
    void loadDraft(id).then((draft) => {
      if (current) setOpening({ id, opening: openingFor(subtitles, draft, speakers) });
    });
    return () => {
      current = false;
    };
    // Read once per transcription: later saves change `subtitles`, not what the editor opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  if (opening?.id !== id) return <p className="text-sm text-zinc-600">…</p>;
  // A new transcription starts a fresh editor (cues, history, save state).
  return <Editor key={id} {...props} opening={opening.opening} />;
}

function Editor({
  transcription,
  media,
  onBack,
  onContinue,
  opening,
  readOnly = false,
  startAtMs = null,
}: SubtitleEditorProps & { opening: Opening }) {
  const { t } = useTranslation();
  const {
    store,
    state,
    registry,
    flush,
    applyEdit,
    offer,
    setOffer,
    writeDraft,
    keptOnDevice,
    save,
    status,
    saving,
    conflict,
    resolveConflict,
  } = useEditorDraft(transcription, opening);

  const [view, setView] = useState<EditorView>("srt");
  // A translation track shown beside its original in place of the cue list (its language).
  const [bilingual, setBilingual] = useState<string | null>(null);
  const translations = useTranslations(transcription.id, bilingual !== null);
  const openTrack = translations.data?.find((track) => track.language === bilingual) ?? null;
  // The media's length in ms, as the tools and panels that bound times by it take it.
  const mediaMs =
    transcription.duration !== undefined ? Math.round(transcription.duration * 1000) : null;
  const { source, video, pickMedia } = useEditorMedia(transcription, media);
  const playback = usePlayback();
  const { mediaElement, playing, time, seekTo, togglePlay, playhead } = playback;
  const [selected, setSelected] = useState(-1);
  const currentIndex = cueAt(state.cues, time);
  // The minimum gap between cues: the preset's frames at the video's rate (23.976's for audio).
  const gapMs = gapAtRate(
    styleLimits(transcription.style ?? DEFAULT_STYLE, transcription.language).minGapFrames,
    transcription.frameRate ?? null,
  );
  // Frame mode: times as SMPTE timecode of the video's rate (25 for audio, as exports).
  const [frameMode, setFrameMode] = useState(false);
  const rateName = transcription.frameRate ?? DEFAULT_FRAME_RATE;
  const rate = frameRateOf(rateName);

  const handlers = useCueHandlers({ store, flush, seekTo, setSelected, gapMs });

  const target = selected >= 0 && selected < state.cues.length ? selected : currentIndex;
  /** Plays from a moment (a comment's, a citation's) and selects the subtitle there. */
  const seekToMoment = (ms: number) => {
    seekTo(ms);
    setSelected(cueAt(state.cues, ms));
  };
  useEffect(() => {
    if (startAtMs !== null) seekToMoment(startAtMs);
    // Once, as the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const goTo = (index: number) => {
    const cue = state.cues[index];
    if (!cue) return;
    setSelected(index);
    seekTo(timeMs(cue.start));
    if (view === "srt") document.getElementById(`cue-${cue.key}-text`)?.focus();
  };
  const { setFromPlayhead, undo, redo, splitAtPlayhead, styleTarget, placeTarget } =
    targetCueActions({ store, flush, target, playhead, gapMs });
  const { findOpen, setFindOpen, found, find, findAgain, replaceOne, replaceAll } = useFindInCues({
    store,
    flush,
    cues: state.cues,
    target,
    setSelected,
  });
  const editing = <A extends unknown[]>(action: (...args: A) => unknown) =>
    readOnly ? () => undefined : action;
  useShortcuts({
    togglePlay,
    nextCue: () => goTo(Math.min(state.cues.length - 1, target + 1)),
    previousCue: () => goTo(Math.max(0, target - 1)),
    setStart: editing(() => setFromPlayhead("start")),
    setEnd: editing(() => setFromPlayhead("end")),
    undo: editing(undo),
    redo: editing(redo),
    splitCue: editing(() => {
      const cue = state.cues[target];
      if (!cue) return;
      const field = document.getElementById(cueTextId(cue.key));
      const caret =
        field instanceof HTMLTextAreaElement && document.activeElement === field
          ? field.selectionStart
          : null;
      handlers.split(target, caret);
    }),
    splitAtPlayhead: editing(splitAtPlayhead),
    mergeNext: editing(() => target >= 0 && handlers.mergeNext(target)),
    insertCue: editing(() => handlers.insertAfter(target)),
    deleteCue: editing(() => target >= 0 && handlers.remove(target)),
    italic: editing(() => styleTarget("italic")),
    bold: editing(() => styleTarget("bold")),
    underline: editing(() => styleTarget("underline")),
    toggleTop: editing(() =>
      placeTarget({ position: state.cues[target]?.position === "top" ? "bottom" : "top" }),
    ),
    openFind: () => setFindOpen(true),
    findNext: () => findAgain(1),
    findPrevious: () => findAgain(-1),
  });

  const onTimes = useCallback(
    (key: number, start: string, end: string) => {
      const index = store.get().cues.findIndex((cue) => cue.key === key);
      if (index >= 0) store.dispatch({ type: "set-times", index, start, end });
    },
    [store],
  );

  const { overlaps, speakerCounts, labels, earliest, emptyCount, latest } = useCueSummary(state);

  const saveQuietly = async () => {
    flush();
    return (await save({ quiet: true })) !== null;
  };
  const continueToDownload = async () => {
    if (readOnly) return onContinue(transcription.subtitles, undefined, transcription.speakers);
    const saved = await save({ quiet: true });
    if (saved) onContinue(saved.subtitles, saved.version, saved.speakers);
  };

  return (
    <div className="space-y-4">
      {/* Named for screen readers; the step indicator above says it on screen, and the editor
          keeps its height for the cues. */}
      <h1 className="sr-only">{t("editor.title")}</h1>
      <p className="flex flex-wrap gap-x-3 text-sm break-words text-zinc-600">
        <LanguageText code={transcription.language} />
        <RecogniserText item={transcription} />
      </p>
      {/* Not in the read-only fieldset: for a viewer the toolbar leaves out what they may not
          use, and keeps find and the shortcuts working. */}
      <EditorToolbar
        readOnly={readOnly}
        view={view}
        onView={(next) => {
          flush();
          setView(next);
        }}
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        onUndo={undo}
        onRedo={redo}
        onShift={(offsetMs) => applyEdit({ type: "shift", offsetMs })}
        earliestMs={earliest}
        latestStartMs={latest}
        mediaMs={mediaMs}
        overlaps={overlaps.size}
        onFixOverlaps={() => applyEdit({ type: "fix-overlaps", gapMs })}
        findOpen={findOpen}
        onToggleFind={() => setFindOpen((open) => !open)}
        onSplitAtPlayhead={splitAtPlayhead}
        extra={
          <>
            <StyleControls
              cue={state.cues[target]}
              number={target + 1}
              onStyle={styleTarget}
              onPosition={(top) => placeTarget({ position: top ? "top" : "bottom" })}
              onAlign={(align) => placeTarget({ align })}
            />
            <ShareDialog transcriptionId={transcription.id} />
            <CaptionedVideoDialog
              transcriptionId={transcription.id}
              language={transcription.language}
              durationMs={mediaMs}
              cues={state.cues}
              speakers={state.speakers}
              playheadMs={mediaElement ? time : null}
              video={video}
              onSave={saveQuietly}
            />
            {isChineseTranscript(transcription.language, state.cues) ? (
              <ScriptControl
                onConvert={(convert) => {
                  flush();
                  const cues = store.get().cues.map((cue) => {
                    const text = convert(cue.text);
                    return text === cue.text ? cue : { ...cue, text };
                  });
                  store.dispatch({ type: "replace", cues });
                }}
              />
            ) : null}
          </>
        }
        canSplitAtPlayhead={currentIndex >= 0}
        status={status}
        keptOnDevice={keptOnDevice}
      />
      {conflict && (
        <ConflictBanner
          onKeepMine={() => resolveConflict("mine")}
          onUseTheirs={() => {
            applyEdit({
              type: "replace",
              cues: fromSubtitles(conflict.subtitles),
              ...(conflict.speakers !== undefined ? { speakers: conflict.speakers } : {}),
            });
            resolveConflict("theirs");
          }}
        />
      )}
      {offer && (
        <DraftOffer
          draft={offer}
          onRestore={() => {
            applyEdit({
              type: "replace",
              cues: offer.cues,
              ...(offer.speakers !== undefined ? { speakers: offer.speakers } : {}),
            });
            setOffer(null);
          }}
          onDiscard={() => {
            setOffer(null);
            writeDraft();
          }}
        />
      )}
      {findOpen && (
        <FindReplacePanel
          findOnly={readOnly}
          cues={state.cues}
          found={found}
          onFind={(query, caseSensitive, direction) => find(query, { caseSensitive }, direction)}
          onReplaceOne={replaceOne}
          onClose={() => setFindOpen(false)}
          onReplaceAll={replaceAll}
        />
      )}
      {/* The player sticks (on a phone) within this block only: at the end of the list it
          leaves with it instead of covering the buttons below. */}
      <div className="space-y-4">
        <EditorPlayer
          playback={playback}
          source={source}
          cues={state.cues}
          currentIndex={currentIndex}
          shots={transcription.shotChanges ?? []}
          onPick={pickMedia}
          onTimes={readOnly ? () => undefined : onTimes}
        />
        <Editable readOnly={readOnly}>
          {state.speakers && state.speakers.length > 0 && (
            <SpeakerPanel
              transcriptionId={transcription.id}
              speakers={state.speakers}
              counts={speakerCounts}
              onRename={(id, name) => applyEdit({ type: "rename-speaker", id, name })}
            />
          )}
        </Editable>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
          <div className="min-w-0">
            {openTrack ? (
              <BilingualView
                key={openTrack.language}
                transcriptionId={transcription.id}
                originals={transcription.subtitles}
                track={openTrack}
                playheadMs={time}
                readOnly={readOnly}
                onSeek={seekTo}
              />
            ) : (
              <Editable readOnly={readOnly}>
                <MismatchSummary cues={state.cues} onGo={(index) => handlers.seek(index)} />
                {view === "srt" && (
                  <label className="mb-2 flex items-center gap-2 text-sm text-zinc-800 max-sm:min-h-11">
                    <input
                      type="checkbox"
                      checked={frameMode}
                      onChange={(event) => setFrameMode(event.target.checked)}
                      className="size-4"
                    />
                    {frameMode
                      ? t("editor.frames.on", { rate: rateName })
                      : `${t("editor.frames.label")} (${t("editor.frames.rate", { rate: rateName })})`}
                  </label>
                )}
                {(transcription.shotChanges?.length ?? 0) > 0 && !readOnly && (
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
                )}
                {view === "srt" ? (
                  <CueList
                    cues={state.cues}
                    currentIndex={currentIndex}
                    selectedIndex={selected}
                    following={playing}
                    language={transcription.language}
                    style={transcription.style}
                    frameRate={frameMode ? rate : null}
                    speakers={state.speakers}
                    handlers={handlers}
                  />
                ) : (
                  <PlainView
                    text={
                      labels ? toPlainTextWithSpeakers(state.cues, labels) : toPlainText(state.cues)
                    }
                    registry={registry}
                    speakers={labels !== null}
                    onCommit={(text) =>
                      store.dispatch({ type: "plain-text", text, ...(labels ? { labels } : {}) })
                    }
                  />
                )}
              </Editable>
            )}
          </div>
          <EditorSidePanels
            transcription={transcription}
            mediaMs={mediaMs}
            cues={state.cues}
            readOnly={readOnly}
            openTranslation={openTrack ? openTrack.language : null}
            onOpenTranslation={(language) => {
              flush();
              setBilingual(language);
            }}
            onSeekMoment={seekToMoment}
            onJump={(index) => goTo(index)}
            onSave={saveQuietly}
            onApply={(cues) => applyEdit({ type: "replace", cues })}
          />
        </div>
      </div>
      <EditorFooter
        readOnly={readOnly}
        saving={saving}
        emptyCount={emptyCount}
        onBack={onBack}
        onSave={() => void save()}
        onContinue={() => void continueToDownload()}
      />
    </div>
  );
}
