// The editor's player block: the player with the spoken caption, and the waveform beside it.
import { lazy, Suspense } from "react";
import { MediaPlayer, type MediaSource } from "./media-player";
import { SpokenCaption } from "./spoken-caption";
import type { EditorCue } from "./types";
import type { usePlayback } from "./use-playback";

const Waveform = lazy(() => import("./waveform"));

/** Whether the browser can draw a waveform (not in jsdom, which lacks Web Audio). */
function canDrawWaveform(): boolean {
  return typeof window.matchMedia === "function" && typeof window.AudioContext === "function";
}

/** Sticks to the top on a phone; the waveform (its cues draggable) from small screens up. */
export function EditorPlayer({
  playback,
  source,
  cues,
  currentIndex,
  shots,
  onPick,
  onTimes,
}: {
  playback: ReturnType<typeof usePlayback>;
  source: MediaSource | null;
  cues: readonly EditorCue[];
  /** The cue playing, or -1. */
  currentIndex: number;
  /** Shot changes in the video (ms). */
  shots: readonly number[];
  onPick(file: File): void;
  /** A cue's times dragged on the waveform. */
  onTimes(key: number, start: string, end: string): void;
}) {
  const { mediaElement, onElement, playing, setPlaying, time, setTime, seekTo, togglePlay } =
    playback;
  return (
    <div className="sticky top-16 z-10 -mx-4 grid gap-3 bg-white px-4 py-2 sm:static sm:mx-0 sm:px-0 sm:py-0 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] md:items-start">
      <MediaPlayer
        source={source}
        caption={
          <SpokenCaption
            cue={cues[currentIndex] ?? null}
            timeMs={time}
            overVideo={source?.video ?? false}
            onSeek={seekTo}
          />
        }
        playing={playing}
        timeMs={time}
        onElement={onElement}
        onPick={onPick}
        onTogglePlay={togglePlay}
        onTime={setTime}
        onPlayingChange={setPlaying}
      />
      {mediaElement && source && canDrawWaveform() && (
        <div className="hidden min-w-0 sm:block">
          <Suspense fallback={null}>
            <Waveform
              media={mediaElement}
              url={source.url}
              cues={cues}
              shots={shots}
              onTimes={onTimes}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
