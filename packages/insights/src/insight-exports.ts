import type { Chapter } from "./chapters.js";
import type { Citation, CitedText } from "./citations.js";
import type { Insights } from "./summarize.js";
import { clockTime } from "./transcript-lines.js";

// Summary, chapters and action items written out: Markdown and JSON here; a YouTube
// description list and a WebVTT chapters track for chapters. DOCX, PDF and the editing-suite
// markers are made by packages/formats from `insightDocument` / `chapterMarkers`.

export type InsightLabels = Record<
  | "summary"
  | "chapters"
  | "keyPoints"
  | "quotes"
  | "actionItems"
  | "topics"
  | "unverified"
  | "owner"
  | "due",
  string
>;

export const ENGLISH_LABELS: InsightLabels = {
  summary: "Summary",
  chapters: "Chapters",
  keyPoints: "Key points",
  quotes: "Quotes",
  actionItems: "Action items",
  topics: "Topics",
  unverified: "no source found",
  owner: "who",
  due: "when",
};

export const CHINESE_LABELS: InsightLabels = {
  summary: "摘要",
  chapters: "章節",
  keyPoints: "重點",
  quotes: "引述",
  actionItems: "待辦事項",
  topics: "主題",
  unverified: "找不到出處",
  owner: "負責人",
  due: "期限",
};

function times(citations: readonly Citation[]): string {
  return citations.map((citation) => clockTime(citation.start)).join(", ");
}

function mdItem(item: CitedText, labels: InsightLabels): string {
  const source = item.unverified
    ? ` _(${labels.unverified})_`
    : item.citations.length > 0
      ? ` _(${times(item.citations)})_`
      : "";
  return `${escapeMarkdown(item.text)}${source}`;
}

function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, "\\$1");
}

/** The insights as Markdown, each statement followed by the times it cites. */
export function insightsMarkdown(
  insights: Insights,
  title: string,
  labels: InsightLabels = ENGLISH_LABELS,
): string {
  const out = [
    `# ${escapeMarkdown(title)}`,
    "",
    `## ${labels.summary}`,
    "",
    mdItem(insights.shortSummary, labels),
    "",
  ];
  for (const item of insights.summary) out.push(mdItem(item, labels), "");
  out.push(`## ${labels.chapters}`, "");
  for (const chapter of insights.chapters) {
    out.push(
      `- **${clockTime(chapter.start)}–${clockTime(chapter.end)} ${escapeMarkdown(chapter.title)}**${chapter.gist ? `: ${escapeMarkdown(chapter.gist)}` : ""}`,
    );
  }
  out.push("");
  if (insights.keyPoints.length > 0) {
    out.push(
      `## ${labels.keyPoints}`,
      "",
      ...insights.keyPoints.map((item) => `- ${mdItem(item, labels)}`),
      "",
    );
  }
  if (insights.quotes.length > 0) {
    out.push(
      `## ${labels.quotes}`,
      "",
      ...insights.quotes.map(
        (quote) =>
          `> “${escapeMarkdown(quote.text)}”${quote.speaker ? ` — ${escapeMarkdown(quote.speaker)}` : ""} _(${times(quote.citations)})_\n`,
      ),
    );
  }
  if (insights.actionItems.length > 0) {
    out.push(`## ${labels.actionItems}`, "");
    for (const item of insights.actionItems) {
      const who = [
        item.owner ? `${labels.owner}: ${escapeMarkdown(item.owner)}` : "",
        item.due ? `${labels.due}: ${escapeMarkdown(item.due)}` : "",
      ]
        .filter(Boolean)
        .join("; ");
      out.push(`- [ ] ${mdItem(item, labels)}${who ? ` (${who})` : ""}`);
    }
    out.push("");
  }
  if (insights.topics.length > 0)
    out.push(`## ${labels.topics}`, "", insights.topics.map(escapeMarkdown).join(", "), "");
  return out.join("\n");
}

/** The insights as JSON (what the API serves, with a format marker). */
export function insightsJson(insights: Insights, title: string): string {
  return `${JSON.stringify({ format: "verbatim-insights", title, ...insights }, null, 2)}\n`;
}

/**
 * Chapters as a YouTube description list: one `00:00 Title` per line (`1:02:03` past an hour),
 * the first at 00:00, in order (YouTube wants at least three chapters of at least 10 s to show them; fewer are still
 * written).
 */
export function youtubeChapters(chapters: readonly Chapter[]): string {
  return `${chapters.map((chapter) => `${youtubeTime(chapter.start)} ${oneLine(chapter.title)}`).join("\n")}\n`;
}

/** `00:00`, `12:34`, `1:02:03`: YouTube's own way of writing a time in a description. */
function youtubeTime(ms: number): string {
  const clock = clockTime(ms);
  return clock.length > 5 ? clock.replace(/^0/, "") : clock;
}

/** Chapters as a WebVTT chapters track (`<track kind="chapters">`). */
export function webvttChapters(chapters: readonly Chapter[]): string {
  const blocks = chapters.map(
    (chapter, i) =>
      `${i + 1}\n${vttTime(chapter.start)} --> ${vttTime(chapter.end)}\n${oneLine(chapter.title).replace(/-->/g, "→")}`,
  );
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function vttTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const f = total % 1000;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(f).padStart(3, "0")}`;
}
