import { z } from "zod";
import { LinkUrl } from "./links.js";
import { UploadOptions } from "./uploads.js";

/**
 * A name the client chooses for one import's download, so that it can follow the download's
 * progress (GET /api/imports/progress/:progressId) while POST /api/imports is still fetching.
 */
export const ProgressId = z
  .string()
  .uuid()
  .describe(
    "A UUID the client makes up: GET /api/imports/progress/{progressId} then streams this import's download progress while the POST is still fetching.",
  );

/** POST /api/imports: a link and the same options as an upload (`callback_url` included). */
export const ImportBody = UploadOptions.omit({ source: true }).extend({
  url: LinkUrl,
  progressId: ProgressId.optional(),
});

export type ImportBodyInput = z.input<typeof ImportBody>;

/** GET /api/imports/progress/:progressId */
export const ProgressParams = z.object({ progressId: ProgressId });

/** The events of an import's download progress stream (documentation of the SSE data). */
export const DownloadProgressEventDoc = z.union([
  z
    .object({
      receivedBytes: z.number().int().nonnegative().describe("Bytes fetched so far."),
      totalBytes: z
        .number()
        .int()
        .nonnegative()
        .nullable()
        .describe("The file's declared size in bytes; null when the remote server declares none."),
    })
    .describe(
      "`event: progress`: bytes fetched so far, and the file's declared size (null when the remote server declares none).",
    ),
  z
    .object({})
    .describe(
      "`event: end`: the download is over (fetched, or failed); the POST's answer says which. The stream ends.",
    ),
]);
