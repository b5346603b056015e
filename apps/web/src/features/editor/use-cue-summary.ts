// What the editor shows about the cues as a whole: overlaps, empties, bounds, speakers' counts.
import { isEmptyCue } from "@verbatim/subtitles";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { earliestTime, latestStart, overlappingCues } from "./cue-operations";
import type { EditorState } from "./editor-history";
import type { SpeakerLabels } from "./plain-speakers";
import { cueCounts, speakerName } from "./speakers";

/** Figures derived from the cues and speakers, each recomputed only when they change. */
export function useCueSummary({ cues, speakers }: Pick<EditorState, "cues" | "speakers">) {
  const { t } = useTranslation();
  const overlaps = useMemo(() => overlappingCues(cues), [cues]);
  const speakerCounts = useMemo(() => cueCounts(cues), [cues]);
  // The speakers' names (an unnamed one numbered) for the plain view, or null without speakers.
  const labels = useMemo<SpeakerLabels | null>(
    () =>
      speakers
        ? speakers.map(
            (s) =>
              [
                speakerName(speakers, s.id, (number) => t("editor.speakers.unnamed", { number })),
                s.id,
              ] as const,
          )
        : null,
    [speakers, t],
  );
  const earliest = useMemo(() => earliestTime(cues), [cues]);
  const emptyCount = useMemo(() => cues.filter(isEmptyCue).length, [cues]);
  const latest = useMemo(() => latestStart(cues), [cues]);
  return { overlaps, speakerCounts, labels, earliest, emptyCount, latest };
}
