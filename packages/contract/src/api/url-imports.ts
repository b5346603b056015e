import { z } from "zod";
import { LinkUrl } from "./links.js";
import { UploadOptions } from "./uploads.js";

/** POST /api/imports: a link and the same options as an upload (`callback_url` included). */
export const ImportBody = UploadOptions.omit({ source: true }).extend({
  url: LinkUrl,
});

export type ImportBodyInput = z.input<typeof ImportBody>;
