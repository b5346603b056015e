// Settings of what share links' viewers may do (rate limits) and of the owner's comment e-mails:
// named by the app's context and read by the sharing routes, so they live apart from both.
import type { RateLimitRule } from "../auth/rate-limits.js";
import type { CommentMailTiming } from "./comment-notifications.js";

/** Sharing settings tests override; defaults otherwise. */
export interface SharingOptions {
  /** Password guesses on one link from one address (default 10 per 10 minutes)… */
  unlockPerLinkAndIp?: RateLimitRule;
  /** …and on one link from everywhere together (default 50 per 10 minutes). */
  unlockPerLink?: RateLimitRule;
  /** Comments from one address, on every link together (default 20 per 10 minutes)… */
  commentsPerIp?: RateLimitRule;
  /**
   * …and from one viewer (one address on one link) over a day (default 100): a fifth of the
   * room a transcription keeps for its links' viewers, so one viewer cannot fill it for the rest.
   */
  commentsPerViewer?: RateLimitRule;
  /** Downloads by one viewer, one address on one link (default 30 per 10 minutes). */
  downloadsPerViewer?: RateLimitRule;
  /** When the owner's e-mail about a batch of comments goes (default 10 min quiet, 1 h cap). */
  commentMails?: Partial<CommentMailTiming>;
}

const TEN_MINUTES = 10 * 60 * 1000;
/** The limits and timings when a setting is not given. */
export const SHARING_DEFAULTS: Required<SharingOptions> = {
  unlockPerLinkAndIp: { max: 10, windowMs: TEN_MINUTES },
  unlockPerLink: { max: 50, windowMs: TEN_MINUTES },
  commentsPerIp: { max: 20, windowMs: TEN_MINUTES },
  commentsPerViewer: { max: 100, windowMs: 24 * 60 * 60 * 1000 },
  downloadsPerViewer: { max: 30, windowMs: TEN_MINUTES },
  commentMails: {},
};
