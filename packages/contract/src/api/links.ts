import { z } from "zod";

// Links the server fetches or calls: a media link to import, and where to call back when a
// job ends. The server checks each against the address rules (docs/url-import.md).

/** The longest link accepted, in characters. */
export const MAX_URL_CHARS = 2048;

/** A link the server fetches: http or https (the server checks the rest). */
export const LinkUrl = z
  .string()
  .trim()
  .min(1, "url is required")
  .max(MAX_URL_CHARS, `url must be at most ${MAX_URL_CHARS} characters`)
  .describe(
    "An http or https link to a media file, or (where the server has yt-dlp) to a page of a site yt-dlp supports. Only public addresses: a link that leads to a private, loopback, link-local or metadata address, directly or by a redirect, is refused with 400 `URL_NOT_ALLOWED`.",
  );

/** Where to call back when a request's job ends (a per-request webhook). */
export const CallbackUrl = z
  .string()
  .trim()
  .min(1, "callback_url must not be empty")
  .max(MAX_URL_CHARS, `callback_url must be at most ${MAX_URL_CHARS} characters`)
  .describe(
    "Called (a signed POST, as a webhook delivery: docs/webhooks.md) when the job completes, fails or is cancelled; signed with the account's callback secret (GET /api/webhooks/callback-secret). Public http or https only, as URL import (400 `URL_NOT_ALLOWED` before anything is read).",
  );
