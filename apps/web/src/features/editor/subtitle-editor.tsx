import { DEFAULT_FRAME_RATE } from "@verbatim/contract";
import { frameRate as frameRateOf, framesToMs, gapAtRate } from "@verbatim/formats/frame-rate";
import {
  DEFAULT_STYLE,
  formatTimecode,
  isEmptyCue,
  styleLimits,
  type CueAlign,
  type CuePosition,
  type TextStyle,
} from "@verbatim/subtitles";
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { LanguageText } from "../history/language-text";
import { RecogniserText } from "../history/recogniser-text";
import { cueAt } from "./cue-checks";
import {
  earliestTime,
  insertShortens,
  fromSubtitles,
  latestStart,
  overlappingCues,
  placeCue,
  styleCue,
  timeMs,
  snapToShots,
} from "./cue-operations";
import { CueList } from "./cue-list";
import { StyleControls } from "./style-controls";
import { cueTextId, type CueRowHandlers } from "./cue-row";
import { ConflictBanner } from "./conflict-banner";
import { DraftOffer } from "./draft-offer";
import { loadDraft } from "./editor-drafts";
import { SpeakerPanel } from "./speaker-panel";
import { CommentsPanel } from "../sharing/comments-panel";
import { ShareDialog } from "../sharing/share-dialog";
import { CaptionedVideoDialog } from "../captioned-video/captioned-video-dialog";
import { cueCounts, speakerName, type Speaker } from "./speakers";
import { EditorToolbar, type EditorView } from "./editor-toolbar";
import { countMatches, matchRange, nextMatch, type FindOptions } from "./find-replace";
import { FindReplacePanel } from "./find-replace-panel";
import { MediaPlayer } from "./media-player";
import { PlainView } from "./plain-view";
import { isChineseTranscript, ScriptControl } from "./script-control";
import { SpokenCaption } from "./spoken-caption";
import { toPlainText } from "./plain-text";
import { toPlainTextWithSpeakers, type SpeakerLabels } from "./plain-speakers";
import type { EditorTranscription, Subtitle } from "./types";
import { toast } from "../../components/ui/toast-store";
import { usePlayback } from "./use-playback";
import { useShortcuts } from "./use-shortcuts";
import { openingFor, type Opening } from "./editor-opening";
import { useEditorDraft } from "./use-editor-draft";
import { useEditorMedia } from "./use-editor-media";
import { MismatchSummary } from "./script-mismatches";
import { ChecksPanel } from "./checks-panel";
import { TranslationsPanel } from "../translation/translations-panel";
import { BilingualView } from "../translation/bilingual-view";
import { useTranslations } from "../translation/api";
import { OverviewPanel } from "../insights/overview-panel";
import { AskPanel } from "../insights/ask-panel";

export type { Subtitle } from "./types";
export { openingFor } from "./editor-opening";

const Waveform = lazy(() => import("./waveform"));

/** Whether the browser can draw a waveform (not in jsdom, which lacks Web Audio). */
function canDrawWaveform(): boolean {
  return typeof window.matchMedia === "function" && typeof window.AudioContext === "function";
}

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
  const [findOpen, setFindOpen] = useState(false);
  const { source, url, video, pickMedia } = useEditorMedia(transcription, media);
  const {
    mediaElement,
    onElement,
    playing,
    setPlaying,
    time,
    setTime,
    seekTo,
    togglePlay,
    playhead,
  } = usePlayback();
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

  const handlers = useMemo<CueRowHandlers>(() => {
    const indexOf = (key: number) => store.get().cues.findIndex((cue) => cue.key === key);
    return {
      editText: (key, text) => {
        const index = indexOf(key);
        if (index >= 0) store.dispatch({ type: "edit-text", index, text, at: Date.now() });
      },
      editTime: (index, field, value) => store.dispatch({ type: "edit-time", index, field, value }),
      split: (index, caret) => store.dispatch({ type: "split", index, caret, gapMs }),
      mergeNext: (index) => {
        flush();
        const { cues, speakers } = store.get();
        const [first, second] = [cues[index], cues[index + 1]];
        store.dispatch({ type: "merge-next", index });
        // A cue has one speaker: the first one's is kept, and the user is told which.
        if (speakers && first?.speaker && second?.speaker && first.speaker !== second.speaker) {
          const name = speakerName(speakers, first.speaker, (number) =>
            t("editor.speakers.unnamed", { number }),
          );
          toast({ title: t("editor.speakers.merged", { name }) });
        }
      },
      setSpeaker: (index, speaker) => {
        flush();
        store.dispatch({ type: "set-speaker", index, speaker });
      },
      insertAfter: (index) => {
        // No gap after that cue: the new one takes its second half, and the user is told.
        if (insertShortens(store.get().cues, index)) {
          toast({
            title: t("editor.toast.insertShortened", { number: index + 1 }),
            description: t("editor.toast.insertShortenedHow", { number: index + 1 }),
          });
        }
        store.dispatch({ type: "insert-after", index });
      },
      remove: (index) => {
        flush();
        store.dispatch({ type: "delete", index });
      },
      seek: (index) => {
        setSelected(index);
        const cue = store.get().cues[index];
        if (cue) seekTo(timeMs(cue.start));
      },
      select: setSelected,
      markChecked: (index) => {
        flush();
        store.dispatch({ type: "mark-checked", index });
      },
    };
  }, [store, flush, seekTo, t, gapMs]);

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
  const setFromPlayhead = (field: "start" | "end") => {
    const ms = playhead();
    if (ms === null || target < 0) return;
    flush();
    store.dispatch({ type: "edit-time", index: target, field, value: formatTimecode(ms) });
  };
  const undo = () => {
    flush();
    store.dispatch({ type: "undo" });
  };
  const splitAtPlayhead = () => {
    const ms = playhead();
    if (ms === null) return;
    flush();
    store.dispatch({ type: "split-at", ms, gapMs });
  };
  // Find: the last query, so F3 goes on after the panel is closed.
  const lastFind = useRef<{ query: string; options: FindOptions } | null>(null);
  const [found, setFound] = useState(-1);
  const find = (query: string, options: FindOptions, direction: 1 | -1) => {
    lastFind.current = { query, options };
    const cues = store.get().cues;
    const index = nextMatch(cues, query, options, target, direction);
    setFound(index);
    if (index < 0) return;
    setSelected(index);
    const cue = cues[index];
    const range = cue ? matchRange(cue.text, query, options) : null;
    const field = cue ? document.getElementById(cueTextId(cue.key)) : null;
    if (field instanceof HTMLTextAreaElement && range) {
      // (jsdom, which runs the component tests, has no scrolling.)
      if (typeof field.scrollIntoView === "function") field.scrollIntoView({ block: "nearest" });
      field.setSelectionRange(range[0], range[1]);
    }
  };
  const redo = () => {
    flush();
    store.dispatch({ type: "redo" });
  };
  const editing = <A extends unknown[]>(action: (...args: A) => unknown) =>
    readOnly ? () => undefined : action;
  // Styling: the text selected in the target cue's text box, or the whole cue; one undo step.
  const styleTarget = (style: TextStyle) => {
    const cue = store.get().cues[target];
    if (!cue) return;
    flush();
    const field = document.getElementById(cueTextId(cue.key));
    const focused = field instanceof HTMLTextAreaElement && document.activeElement === field;
    const [from, to] = focused ? [field.selectionStart, field.selectionEnd] : [0, 0];
    const cues = styleCue(store.get().cues, target, style, from, to);
    if (cues !== store.get().cues) store.dispatch({ type: "replace", cues });
  };
  const placeTarget = (place: { position?: CuePosition; align?: CueAlign }) => {
    if (!store.get().cues[target]) return;
    flush();
    store.dispatch({ type: "replace", cues: placeCue(store.get().cues, target, place) });
  };
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
    findNext: () => lastFind.current && find(lastFind.current.query, lastFind.current.options, 1),
    findPrevious: () =>
      lastFind.current && find(lastFind.current.query, lastFind.current.options, -1),
  });

  const onTimes = useCallback(
    (key: number, start: string, end: string) => {
      const index = store.get().cues.findIndex((cue) => cue.key === key);
      if (index >= 0) store.dispatch({ type: "set-times", index, start, end });
    },
    [store],
  );

  const overlaps = useMemo(() => overlappingCues(state.cues), [state.cues]);
  const speakerCounts = useMemo(() => cueCounts(state.cues), [state.cues]);
  const labels = useMemo<SpeakerLabels | null>(
    () =>
      state.speakers
        ? state.speakers.map(
            (s) =>
              [
                speakerName(state.speakers!, s.id, (number) =>
                  t("editor.speakers.unnamed", { number }),
                ),
                s.id,
              ] as const,
          )
        : null,
    [state.speakers, t],
  );
  const earliest = useMemo(() => earliestTime(state.cues), [state.cues]);
  const emptyCount = useMemo(() => state.cues.filter(isEmptyCue).length, [state.cues]);
  const latest = useMemo(() => latestStart(state.cues), [state.cues]);

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
        onShift={(offsetMs) => {
          flush();
          store.dispatch({ type: "shift", offsetMs });
        }}
        earliestMs={earliest}
        latestStartMs={latest}
        mediaMs={mediaMs}
        overlaps={overlaps.size}
        onFixOverlaps={() => {
          flush();
          store.dispatch({ type: "fix-overlaps", gapMs });
        }}
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
              onSave={async () => {
                flush();
                return (await save({ quiet: true })) !== null;
              }}
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
            flush();
            store.dispatch({
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
            flush();
            store.dispatch({
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
          onReplaceOne={(query, replacement, caseSensitive) => {
            const options = { caseSensitive };
            const index =
              found >= 0 && matchRange(state.cues[found]?.text ?? "", query, options) ? found : -1;
            if (index < 0) return find(query, options, 1);
            flush();
            store.dispatch({ type: "replace-one", index, query, replacement, options });
            find(query, options, 1);
          }}
          onClose={() => setFindOpen(false)}
          onReplaceAll={(query, replacement, caseSensitive) => {
            flush();
            const options = { caseSensitive };
            const count = countMatches(store.get().cues, query, options);
            store.dispatch({ type: "replace-all", query, replacement, options });
            return count;
          }}
        />
      )}
      {/* The player sticks (on a phone) within this block only: at the end of the list it
          leaves with it instead of covering the buttons below. */}
      <div className="space-y-4">
        <div className="sticky top-16 z-10 -mx-4 grid gap-3 bg-white px-4 py-2 sm:static sm:mx-0 sm:px-0 sm:py-0 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] md:items-start">
          <MediaPlayer
            source={source}
            caption={
              <SpokenCaption
                cue={state.cues[currentIndex] ?? null}
                timeMs={time}
                overVideo={source?.video ?? false}
                onSeek={seekTo}
              />
            }
            playing={playing}
            timeMs={time}
            onElement={onElement}
            onPick={pickMedia}
            onTogglePlay={togglePlay}
            onTime={setTime}
            onPlayingChange={setPlaying}
          />
          {mediaElement && url && canDrawWaveform() && (
            <div className="hidden min-w-0 sm:block">
              <Suspense fallback={null}>
                <Waveform
                  media={mediaElement}
                  url={url}
                  cues={state.cues}
                  shots={transcription.shotChanges ?? []}
                  onTimes={readOnly ? () => undefined : onTimes}
                />
              </Suspense>
            </div>
          )}
        </div>
        <Editable readOnly={readOnly}>
          {state.speakers && state.speakers.length > 0 && (
            <SpeakerPanel
              transcriptionId={transcription.id}
              speakers={state.speakers}
              counts={speakerCounts}
              onRename={(id, name) => {
                flush();
                store.dispatch({ type: "rename-speaker", id, name });
              }}
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
          <div className="space-y-4">
            <TranslationsPanel
              transcriptionId={transcription.id}
              durationMs={mediaMs}
              style={transcription.style ?? DEFAULT_STYLE}
              readOnly={readOnly}
              open={openTrack ? openTrack.language : null}
              onOpen={(language) => {
                flush();
                setBilingual(language);
              }}
            />
            <OverviewPanel
              transcriptionId={transcription.id}
              durationMs={mediaMs}
              status={transcription.insightsStatus ?? null}
              readOnly={readOnly}
              onSeek={seekToMoment}
            />
            <AskPanel transcriptionId={transcription.id} onSeek={seekToMoment} />
            <ChecksPanel
              transcriptionId={transcription.id}
              cues={state.cues}
              readOnly={readOnly}
              onSave={async () => {
                flush();
                return (await save({ quiet: true })) !== null;
              }}
              onJump={(index) => goTo(index)}
              onApply={(cues) => {
                flush();
                store.dispatch({ type: "replace", cues });
              }}
            />
            <CommentsPanel
              transcriptionId={transcription.id}
              commentCount={transcription.commentCount ?? 0}
              onJump={seekToMoment}
            />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap justify-between gap-2 border-t border-zinc-200 pt-4">
        <Button variant="outline" onClick={onBack}>
          {t("editor.toolbar.back")}
        </Button>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {emptyCount > 0 && (
            <p id="editor-empty-cues" className="text-sm font-medium text-amber-900">
              {t("editor.toolbar.emptyCues", { count: emptyCount })}
            </p>
          )}
          {!readOnly && (
            <Button
              variant="secondary"
              disabled={saving}
              onClick={() => void save()}
              aria-describedby={emptyCount > 0 ? "editor-empty-cues" : undefined}
            >
              {saving ? t("editor.toolbar.saving") : t("editor.toolbar.save")}
            </Button>
          )}
          <Button
            disabled={saving}
            onClick={() => void continueToDownload()}
            aria-describedby={emptyCount > 0 ? "editor-empty-cues" : undefined}
          >
            {t("editor.toolbar.continue")}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Its controls disabled at once (a fieldset's `disabled`) when the subtitles are read only. */
function Editable({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  if (!readOnly) return <>{children}</>;
  return (
    <fieldset disabled className="contents">
      {children}
    </fieldset>
  );
}
