import { z } from "zod";
import { UploadOptions } from "./uploads.js";

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

/** POST /api/imports: a link and the same options as an upload, and where to call back. */
export const ImportBody = UploadOptions.omit({ source: true }).extend({
  url: LinkUrl,
  callback_url: LinkUrl.optional().describe(
    "Called (a signed POST, as a webhook delivery: docs/webhooks.md) when the job completes, fails or is cancelled; signed with the account's callback secret (GET /api/webhooks/callback-secret).",
  ),
});

export type ImportBodyInput = z.input<typeof ImportBody>;
