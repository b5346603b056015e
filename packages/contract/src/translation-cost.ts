/**
 * Translation is charged in minutes by one rule (docs/translation.md, pricing and FAQ): one
 * second of minutes for every TRANSLATION_MEDIA_SECONDS_PER_CHARGED_SECOND seconds of media
 * translated. A job reserves the whole transcription's share when it is queued; one that stops
 * early is charged for how far into the media its delivered cues reach; one that delivered
 * nothing is free.
 */
export const TRANSLATION_MEDIA_SECONDS_PER_CHARGED_SECOND = 10;

/** Translation jobs of one account queued or running at once. */
export const MAX_ACTIVE_TRANSLATIONS = 3;

/** Languages an upload may ask to translate into when done (as many as may run at once). */
export const MAX_TRANSLATE_TO = MAX_ACTIVE_TRANSLATIONS;

/** Seconds of minutes for translating `translatedMs` of media (at least one when any). */
export function translationCostSeconds(translatedMs: number): number {
  if (translatedMs <= 0) return 0;
  return Math.max(1, Math.ceil(translatedMs / 1000 / TRANSLATION_MEDIA_SECONDS_PER_CHARGED_SECOND));
}
