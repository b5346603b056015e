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
