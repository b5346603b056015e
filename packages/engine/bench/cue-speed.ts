// How long cue building takes for a 100-minute transcript (English words and Chinese tokens).
import { buildCues, type TimedSegment } from "../src/cues/index.js";

const ENGLISH =
  "Printing, in the only sense with which we are at present concerned, differs from most if not from all the arts and crafts represented in the Exhibition in being comparatively modern. For although the Chinese took impressions from wood blocks engraved in relief for centuries before the woodcutters of the Netherlands, by a similar process, produced the block books, which were the immediate predecessors of the true printed book.";
const CHINESE =
  "我們今天要討論的是人工智能對社會的影響。首先，人工智能已經改變了我們的工作方式，很多重複性的工作都被自動化了。其次，它也帶來了新的挑戰，例如私隱和道德問題。";

/** Segments of `pieces` spoken one after another, about 280 ms each, for `minutes`. */
function speak(pieces: string[], minutes: number): TimedSegment[] {
  const segments: TimedSegment[] = [];
  let t = 0;
  while (t < minutes * 60_000) {
    const start = t;
    const words = pieces.map((text) => {
      const word = { text, start: t, end: t + 240 };
      t += 280;
      return word;
    });
    segments.push({ start, end: t, text: words.map((w) => w.text).join(""), words });
    t += 800;
  }
  return segments;
}

/** Prints the time buildCues takes on 100-minute English and Chinese transcripts. */
export function benchCueBuilding(): void {
  for (const [label, segments, language] of [
    ["English", speak(ENGLISH.split(/(?= )/), 100), "en"],
    ["Chinese", speak(Array.from(CHINESE), 100), "zh"],
  ] as const) {
    const words = segments.reduce((n, s) => n + (s.words?.length ?? 0), 0);
    const started = performance.now();
    const cues = buildCues(segments, { language });
    const ms = performance.now() - started;
    console.log(
      `cue building, 100 min ${label} (${words} words): ${ms.toFixed(0)} ms for ${cues.length} cues`,
    );
  }
}
