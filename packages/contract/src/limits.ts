// Limits the server enforces that the web app also states, or checks before asking.

/**
 * The longest initial prompt, in characters: whisper conditions on at most half of its 448-token
 * context (about 220 tokens). The upload schemas refuse more before any minutes are reserved,
 * and the engine refuses more for the CLI and any other caller.
 */
export const MAX_PROMPT_CHARS = 800;

/** The longest name of a speaker or saved voice, in characters. */
export const MAX_SPEAKER_NAME = 100;

/** The most minutes one admin grant may give (a typo guard, not a business rule). */
export const MAX_GRANT_MINUTES = 100_000;

/** The longest label of an API key, in characters. */
export const MAX_API_KEY_NAME = 60;

/** The most live API keys one account may hold (409 TOO_MANY_API_KEYS past it). */
export const MAX_API_KEYS = 20;

/** Longest support-chat message, in characters. */
export const MAX_SUPPORT_MESSAGE = 2000;

/** The most transcriptions one ZIP download (POST /api/exports) may hold. */
export const MAX_EXPORT_IDS = 200;

/** The most live share links one transcription may have (409 TOO_MANY_SHARE_LINKS past it). */
export const MAX_SHARE_LINKS = 20;

/** The longest share-link password, in characters (scrypt hashes it; a bound keeps that cheap). */
export const MAX_SHARE_PASSWORD = 200;

/** The longest comment on a shared transcription, in characters. */
export const MAX_COMMENT_CHARS = 2000;

/** The longest name a viewer without an account types for their comments, in characters. */
export const MAX_COMMENTER_NAME = 60;

/**
 * The most comments one transcription holds from each side (409 TOO_MANY_COMMENTS past it): its
 * links' viewers, and apart from them its owner and team members.
 */
export const MAX_COMMENTS_PER_TRANSCRIPTION = 500;
