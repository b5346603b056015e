import { formatTimecode } from "@verbatim/subtitles";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import WaveSurfer from "wavesurfer.js";
import RegionsPlugin, { type Region } from "wavesurfer.js/dist/plugins/regions.esm.js";
import { timeMs } from "./cue-operations";
import type { EditorCue } from "./types";

const REGION_COLOR = "rgba(37, 99, 235, 0.18)";
const SHOT_COLOR = "rgba(185, 28, 28, 0.9)";
/** Shot-change markers' ids start so (cue regions' ids are the cues' keys, numbers). */
const SHOT_PREFIX = "shot-";

/** Zoom steps in pixels per second of media; 0 fits the whole media in the width. */
export const ZOOM_LEVELS = [0, 25, 50, 100, 200, 400] as const;

/**
 * The media's waveform (wavesurfer.js) with each cue as a region: dragging or resizing one
 * sets the cue's times; a time edited in the list moves its region. Clicking seeks.
 * Zoom with the buttons or Ctrl + wheel; zoomed in, the view follows the playhead.
 * Loaded lazily, only when media is present and the browser has Web Audio.
 */
export default function Waveform({
  media,
  url,
  cues,
  shots = [],
  onTimes,
}: {
  media: HTMLMediaElement;
  url: string;
  cues: readonly EditorCue[];
  /** Shot changes in the video (ms): drawn as fixed red lines. */
  shots?: readonly number[];
  onTimes(key: number, start: string, end: string): void;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const regionsRef = useRef<RegionsPlugin | null>(null);
  const onTimesRef = useRef(onTimes);
  onTimesRef.current = onTimes;
  const cuesRef = useRef(cues);
  cuesRef.current = cues;
  const shotsRef = useRef(shots);
  shotsRef.current = shots;
  const surferRef = useRef<WaveSurfer | null>(null);
  const [ready, setReady] = useState(false);
  const [zoom, setZoom] = useState(0);

  useEffect(() => {
    if (!container.current) return;
    // Each instance draws into its own element, removed with it: nothing a destroyed instance
    // drew (its regions' numbers) can stay behind when the media changes (a file opened from
    // the device replacing the kept audio).
    const host = document.createElement("div");
    container.current.append(host);
    const regions = RegionsPlugin.create();
    const wavesurfer = WaveSurfer.create({
      container: host,
      media,
      url,
      height: 80,
      autoScroll: true,
      autoCenter: true,
      waveColor: "#71717a",
      progressColor: "#1d4ed8",
      cursorColor: "#b91c1c",
      plugins: [regions],
    });
    regionsRef.current = regions;
    const unsubscribe = regions.on("region-updated", (region: Region) => {
      onTimesRef.current(
        Number(region.id),
        formatTimecode(region.start * 1000),
        formatTimecode(region.end * 1000),
      );
    });
    const unready = wavesurfer.on("ready", () => {
      syncRegions(regions, cuesRef.current);
      addShotMarkers(regions, shotsRef.current);
      setReady(true);
    });
    surferRef.current = wavesurfer;
    return () => {
      unsubscribe();
      unready();
      regionsRef.current = null;
      surferRef.current = null;
      setReady(false);
      wavesurfer.destroy();
      host.remove();
    };
  }, [media, url]);

  useEffect(() => {
    if (ready) surferRef.current?.zoom(ZOOM_LEVELS[zoom] ?? 0);
  }, [ready, zoom]);

  const step = (by: 1 | -1) => setZoom((level) => zoomStep(level, by));
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setZoom((level) => zoomStep(level, event.deltaY < 0 ? 1 : -1));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, []);

  // Regions only once the media's length is known: one placed before would keep a position
  // computed for a zero-length waveform (all of them at the left edge).
  useEffect(() => {
    if (ready && regionsRef.current) syncRegions(regionsRef.current, cues);
  }, [ready, cues]);

  const level = ZOOM_LEVELS[zoom] ?? 0;
  return (
    <div className="space-y-1">
      <div
        ref={container}
        role="img"
        aria-label={t("editor.player.waveform")}
        data-px-per-sec={level}
        className="w-full"
      />
      <div className="flex items-center justify-end gap-1 text-xs text-zinc-700">
        <span className="mr-1 tabular-nums" aria-live="polite">
          {level === 0 ? t("editor.player.zoomFit") : t("editor.player.zoomLevel", { px: level })}
        </span>
        <button
          type="button"
          aria-label={t("editor.player.zoomOut")}
          disabled={!ready || zoom === 0}
          onClick={() => step(-1)}
          className="inline-flex size-7 items-center justify-center rounded-md border border-zinc-300 bg-white text-base hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40"
        >
          −
        </button>
        <button
          type="button"
          aria-label={t("editor.player.zoomIn")}
          disabled={!ready || zoom === ZOOM_LEVELS.length - 1}
          onClick={() => step(1)}
          className="inline-flex size-7 items-center justify-center rounded-md border border-zinc-300 bg-white text-base hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40"
        >
          +
        </button>
      </div>
    </div>
  );
}

function zoomStep(level: number, by: 1 | -1): number {
  return Math.min(ZOOM_LEVELS.length - 1, Math.max(0, level + by));
}

/** Where the video's shot changes are: a fixed line each (a region without an end). */
function addShotMarkers(regions: RegionsPlugin, shots: readonly number[]) {
  shots.forEach((ms, i) =>
    regions.addRegion({
      id: `${SHOT_PREFIX}${i}`,
      start: ms / 1000,
      color: SHOT_COLOR,
      drag: false,
      resize: false,
    }),
  );
}

/** Adds, moves and removes regions so that they match the cues with valid times. */
function syncRegions(regions: RegionsPlugin, cues: readonly EditorCue[]) {
  const existing = new Map(regions.getRegions().map((region) => [region.id, region]));
  cues.forEach((cue, index) => {
    const start = timeMs(cue.start);
    const end = timeMs(cue.end);
    if (start === null || end === null || end < start) return;
    const id = String(cue.key);
    const region = existing.get(id);
    existing.delete(id);
    const content = String(index + 1);
    if (!region) {
      regions.addRegion({ id, start: start / 1000, end: end / 1000, content, color: REGION_COLOR });
    } else if (
      Math.round(region.start * 1000) !== start ||
      Math.round(region.end * 1000) !== end ||
      region.content?.textContent !== content
    ) {
      region.setOptions({ start: start / 1000, end: end / 1000, content });
    }
  });
  for (const region of existing.values()) {
    if (!region.id.startsWith(SHOT_PREFIX)) region.remove();
  }
}
