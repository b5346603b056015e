/**
 * What insights cost (the one rule, docs/insights.md and the pricing page): one second of
 * minutes for every twenty seconds of the recording (a one-hour recording takes 3 minutes of
 * the balance, at least one second), reserved when they are asked for, charged when they are
 * delivered, given back in full when the job fails or is cancelled (nothing is delivered then).
 * Editing them is free, and so are questions.
 */
export const INSIGHT_MEDIA_SECONDS_PER_CHARGED_SECOND = 20;
/** Insight jobs a user may have queued or running at once. */
export const MAX_ACTIVE_INSIGHT_JOBS = 2;
/** A question's length, in characters. */
export const MAX_QUESTION_CHARS = 500;
/** Transcriptions one question may ask across. */
export const MAX_QUESTION_TRANSCRIPTIONS = 20;

/** The seconds of minutes insights of a recording this long cost. */
export function insightsCostSeconds(durationMs: number): number {
  return Math.max(1, Math.ceil(durationMs / 1000 / INSIGHT_MEDIA_SECONDS_PER_CHARGED_SECOND));
}

/** The states of an insights job (its row in the insights table). */
export const INSIGHT_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];

/**
 * What insights are exported as (GET /api/transcriptions/{id}/insights/export?format=…):
 * everything in Markdown, JSON, DOCX and PDF; the chapters alone as a YouTube description list,
 * a WebVTT chapters track, and markers for editing suites (FCPXML, EDL, Avid).
 */
export const INSIGHT_EXPORT_FORMATS = [
  "md",
  "json",
  "docx",
  "pdf",
  "youtube",
  "vtt",
  "fcpxml",
  "edl",
  "avid",
] as const;
export type InsightExportFormat = (typeof INSIGHT_EXPORT_FORMATS)[number];
