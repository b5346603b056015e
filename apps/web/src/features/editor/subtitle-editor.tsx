import { DEFAULT_FRAME_RATE } from "@verbatim/contract";
import { frameRate as frameRateOf, gapAtRate } from "@verbatim/formats/frame-rate";
import { DEFAULT_STYLE, styleLimits } from "@verbatim/subtitles";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LanguageText } from "../history/language-text";
import { RecogniserText } from "../history/recogniser-text";
import { CueList } from "./cue-list";
import { StyleControls } from "./style-controls";
import { ConflictBanner } from "./conflict-banner";
import { DraftOffer } from "./draft-offer";
import { loadDraft } from "./editor-drafts";
import { SpeakerPanel } from "./speaker-panel";
import { ShareDialog } from "../sharing/share-dialog";
import { CaptionedVideoDialog } from "../captioned-video/captioned-video-dialog";
import type { Speaker } from "./speakers";
import { EditorToolbar, type EditorView } from "./editor-toolbar";
import { FindReplacePanel } from "./find-replace-panel";
import { PlainView } from "./plain-view";
import { isChineseTranscript, ScriptControl } from "./script-control";
import { toPlainText } from "./plain-text";
import { toPlainTextWithSpeakers } from "./plain-speakers";
import type { EditorTranscription, Subtitle } from "./types";
import { usePlayback } from "./use-playback";
import { useEditorShortcuts } from "./use-editor-shortcuts";
import { FrameModeToggle, SnapToShotsButton } from "./cue-list-options";
import { openingFor, type Opening } from "./editor-opening";
import { useEditorDraft } from "./use-editor-draft";
import { useEditorMedia } from "./use-editor-media";
import { useCueHandlers, useWaveformTimes } from "./use-cue-handlers";
import { useCueSelection } from "./use-cue-selection";
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
    restoreOffer,
    discardOffer,
    keptOnDevice,
    save,
    status,
    saving,
    conflict,
    keepMine,
    takeTheirs,
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
  const { selected, setSelected, currentIndex, target, seekToMoment, goTo } = useCueSelection({
    cues: state.cues,
    playheadMs: time,
    seekTo,
    view,
    startAtMs,
  });
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

  const actions = targetCueActions({ store, flush, target, playhead, gapMs });
  const { undo, redo, splitAtPlayhead, styleTarget, placeTarget } = actions;
  const { findOpen, setFindOpen, found, find, findAgain, replaceOne, replaceAll } = useFindInCues({
    store,
    flush,
    cues: state.cues,
    target,
    setSelected,
  });
  useEditorShortcuts({
    readOnly,
    cues: state.cues,
    target,
    goTo,
    togglePlay,
    handlers,
    actions,
    openFind: () => setFindOpen(true),
    findAgain,
  });

  const onTimes = useWaveformTimes(store);

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
      {conflict && <ConflictBanner onKeepMine={keepMine} onUseTheirs={takeTheirs} />}
      {offer && <DraftOffer draft={offer} onRestore={restoreOffer} onDiscard={discardOffer} />}
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
                  <FrameModeToggle
                    frameMode={frameMode}
                    onChange={setFrameMode}
                    rateName={rateName}
                  />
                )}
                {(transcription.shotChanges?.length ?? 0) > 0 && !readOnly && (
                  <SnapToShotsButton
                    store={store}
                    flush={flush}
                    transcription={transcription}
                    gapMs={gapMs}
                  />
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
