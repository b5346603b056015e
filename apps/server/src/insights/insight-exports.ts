import type { FrameRateName, InsightExportFormat } from "@verbatim/contract";
import { writeExport, type ExportFile } from "@verbatim/formats";
import {
  CHINESE_LABELS,
  ENGLISH_LABELS,
  insightsJson,
  insightsMarkdown,
  webvttChapters,
  youtubeChapters,
  type Insights,
} from "@verbatim/insights";
import type { Cue, Speaker } from "@verbatim/subtitles";

/** The file name's extension per format. */
export const INSIGHT_EXPORT_EXTENSIONS: Record<InsightExportFormat, string> = {
  md: "insights.md",
  json: "insights.json",
  docx: "insights.docx",
  pdf: "insights.pdf",
  youtube: "chapters.txt",
  vtt: "chapters.vtt",
  fcpxml: "chapters.fcpxml",
  edl: "chapters.edl",
  avid: "chapters.txt",
};

const TEXT = "; charset=utf-8";

/**
 * Writes insights in a format. Markdown, JSON, the YouTube list and the WebVTT chapters track
 * are packages/insights' own; DOCX and PDF, and the editing suites' markers (FCPXML, EDL, Avid),
 * are packages/formats' writers given the insights as timed paragraphs: each summary statement,
 * chapter and action item at the time it cites, labelled with what it is.
 */
export async function writeInsightsExport(
  format: InsightExportFormat,
  insights: Insights,
  info: { title: string; locale: string; createdAt: Date; frameRate?: FrameRateName },
): Promise<ExportFile> {
  const labels = info.locale === "zh-HK" ? CHINESE_LABELS : ENGLISH_LABELS;
  switch (format) {
    case "md":
      return {
        body: insightsMarkdown(insights, info.title, labels),
        contentType: `text/markdown${TEXT}`,
      };
    case "json":
      return { body: insightsJson(insights, info.title), contentType: `application/json${TEXT}` };
    case "youtube":
      return { body: youtubeChapters(insights.chapters), contentType: `text/plain${TEXT}` };
    case "vtt":
      return { body: webvttChapters(insights.chapters), contentType: `text/vtt${TEXT}` };
    case "fcpxml":
    case "edl":
    case "avid":
      return writeExport(format, {
        transcript: {
          language: insights.language,
          duration: insights.durationMs,
          cues: chapterCues(insights),
        },
        title: info.title,
        createdAt: info.createdAt,
        locale: info.locale,
        frameRate: info.frameRate,
      });
    case "docx":
    case "pdf": {
      const { cues, speakers } = documentCues(insights, labels);
      return writeExport(format, {
        transcript: { language: insights.language, duration: insights.durationMs, cues, speakers },
        title: info.title,
        createdAt: info.createdAt,
        locale: info.locale,
      });
    }
  }
}

/** A cue per chapter, from its start to its end, its title as the text: a marker per chapter. */
function chapterCues(insights: Insights): Cue[] {
  return insights.chapters.map((chapter, i) => ({
    index: i + 1,
    start: chapter.start,
    end: Math.max(chapter.end, chapter.start + 1),
    text: chapter.gist ? `${chapter.title} — ${chapter.gist}` : chapter.title,
  }));
}

/**
 * The document's paragraphs: the summary, chapters, key points and action items, each at the
 * time of its first citation, its kind as the paragraph's label (the documents' speaker
 * column). Two labels alternate per kind, so consecutive items stay separate paragraphs.
 */
function documentCues(
  insights: Insights,
  labels: typeof ENGLISH_LABELS,
): { cues: Cue[]; speakers: Speaker[] } {
  const speakers: Speaker[] = [];
  const cues: Cue[] = [];
  const add = (kind: keyof typeof ENGLISH_LABELS, start: number, text: string) => {
    const id = `${kind}-${cues.filter((cue) => cue.speaker?.startsWith(`${kind}-`)).length % 2}`;
    if (!speakers.some((speaker) => speaker.id === id)) speakers.push({ id, name: labels[kind] });
    cues.push({ index: cues.length + 1, start, end: start + 1, text, speaker: id });
  };
  const at = (item: { citations: { start: number }[] }) => item.citations[0]?.start ?? 0;
  const mark = (item: { text: string; unverified?: true }) =>
    item.unverified ? `${item.text} (${labels.unverified})` : item.text;
  add("summary", at(insights.shortSummary), mark(insights.shortSummary));
  for (const item of insights.summary) add("summary", at(item), mark(item));
  for (const chapter of insights.chapters)
    add(
      "chapters",
      chapter.start,
      chapter.gist ? `${chapter.title}: ${chapter.gist}` : chapter.title,
    );
  for (const item of insights.keyPoints) add("keyPoints", at(item), mark(item));
  for (const item of insights.actionItems) {
    const who = [
      item.owner && `${labels.owner}: ${item.owner}`,
      item.due && `${labels.due}: ${item.due}`,
    ]
      .filter(Boolean)
      .join("; ");
    add("actionItems", at(item), `${mark(item)}${who ? ` (${who})` : ""}`);
  }
  return { cues, speakers };
}
