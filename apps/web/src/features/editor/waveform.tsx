import { formatTimecode } from "@verbatim/subtitles";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import WaveSurfer from "wavesurfer.js";
import RegionsPlugin, { type Region } from "wavesurfer.js/dist/plugins/regions.esm.js";
import { timeMs } from "./cue-operations";
import type { EditorCue } from "./types";

const REGION_COLOR = "rgba(37, 99, 235, 0.18)";

/**
 * The media's waveform (wavesurfer.js) with each cue as a region: dragging or resizing one
 * sets the cue's times; a time edited in the list moves its region. Clicking seeks.
 * Loaded lazily, only when media is present and the browser has Web Audio.
 */
export default function Waveform({
  media,
  url,
  cues,
  onTimes,
}: {
  media: HTMLMediaElement;
  url: string;
  cues: readonly EditorCue[];
  onTimes(key: number, start: string, end: string): void;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const regionsRef = useRef<RegionsPlugin | null>(null);
  const onTimesRef = useRef(onTimes);
  onTimesRef.current = onTimes;
  const cuesRef = useRef(cues);
  cuesRef.current = cues;

  useEffect(() => {
    if (!container.current) return;
    const regions = RegionsPlugin.create();
    const wavesurfer = WaveSurfer.create({
      container: container.current,
      media,
      url,
      height: 72,
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
    const unready = wavesurfer.on("ready", () => syncRegions(regions, cuesRef.current));
    return () => {
      unsubscribe();
      unready();
      regionsRef.current = null;
      wavesurfer.destroy();
    };
  }, [media, url]);

  useEffect(() => {
    if (regionsRef.current) syncRegions(regionsRef.current, cues);
  }, [cues]);

  return (
    <div ref={container} role="img" aria-label={t("editor.player.waveform")} className="w-full" />
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
  for (const region of existing.values()) region.remove();
}
