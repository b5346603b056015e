import type { StyleName } from "@verbatim/subtitles";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { CueRow, type CueRowHandlers } from "./cue-row";
import type { FrameRate } from "@verbatim/formats/frame-rate";
import { overlappingCues } from "./cue-operations";
import type { Speaker } from "./speakers";
import type { EditorCue } from "./types";

/**
 * The SRT view: a dense table of every cue. On a wider screen it scrolls inside the page's
 * height (at least ten two-line cues on a 1366×850 screen with the player above); on a phone the
 * page itself scrolls under the player, which stays on top.
 */
export function CueList({
  cues,
  currentIndex,
  selectedIndex,
  following,
  language,
  style,
  frameRate = null,
  speakers,
  handlers,
}: {
  cues: readonly EditorCue[];
  currentIndex: number;
  /** The row the toolbar and shortcuts act on, or -1. */
  selectedIndex: number;
  /** Keep the current cue scrolled into view (while playing). */
  following: boolean;
  language: string | null;
  /** The style preset the cues are checked against. */
  style?: StyleName;
  /** Frame mode: times shown and typed as SMPTE timecode of this rate. */
  frameRate?: FrameRate | null;
  /** The speakers (null: not diarized, no speaker column). */
  speakers: readonly Speaker[] | null;
  handlers: CueRowHandlers;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const overlapping = useMemo(() => overlappingCues(cues), [cues]);

  useEffect(() => {
    const list = listRef.current;
    if (!following || !list || currentIndex < 0 || list.scrollHeight <= list.clientHeight) return;
    const row = list.querySelector<HTMLElement>(`[data-cue-index="${currentIndex}"]`);
    if (!row) return;
    const top = row.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + row.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }, [currentIndex, following]);

  if (cues.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-700">
        <p>{t("editor.list.empty")}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          onClick={() => handlers.insertAfter(-1)}
        >
          {t("editor.list.addFirst")}
        </Button>
      </div>
    );
  }
  return (
    <ul
      ref={listRef}
      aria-label={t("editor.list.label")}
      className="relative rounded-lg border border-zinc-200 sm:max-h-[max(24rem,calc(100dvh-19rem))] sm:overflow-y-auto"
    >
      {cues.map((cue, index) => (
        <CueRow
          key={cue.key}
          cue={cue}
          index={index}
          isLast={index === cues.length - 1}
          current={index === currentIndex}
          selected={index === selectedIndex}
          overlaps={overlapping.has(index)}
          language={language}
          style={style}
          frameRate={frameRate}
          speakers={speakers}
          handlers={handlers}
        />
      ))}
    </ul>
  );
}
