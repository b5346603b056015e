import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { AppError } from "../http/app-error.js";
import { minuteBalance } from "../minutes/minute-ledger.js";
import { AddressRules } from "../net/address-rules.js";
import { checkUrl } from "../net/safe-fetch.js";
import type { ReceivedFile } from "../uploads/receive-multipart.js";
import type { User } from "../users/repo.js";
import { downloadLink } from "./download-link.js";
import { downloadWithYtDlp, ytDlpInstalled } from "./yt-dlp.js";

/** What fetching a user's link needs. */
export interface LinkContext {
  db: Db;
  config: Pick<Config, "urlImport" | "uploadDir" | "maxUploadBytes" | "publicUrl">;
  now: () => Date;
}

/** The address rules of this server's settings (URL_IMPORT_ALLOWED_NETWORKS). */
export function addressRulesOf(config: Pick<Config, "urlImport">): AddressRules {
  return new AddressRules(config.urlImport.allowedNetworks);
}

/**
 * Fetches the media a user's link points to into the upload folder, as an upload would have
 * put it there: a link to a media file is downloaded directly; a link to a web page goes to
 * yt-dlp when it is installed (else 400 URL_SITE_NOT_SUPPORTED). Both under the address
 * rules, the upload size limit and URL_IMPORT_TIMEOUT_S. The intake takes it from there.
 */
export async function fetchLinkedMedia(
  ctx: LinkContext,
  user: User,
  link: string,
  signal?: AbortSignal,
): Promise<ReceivedFile> {
  const { config } = ctx;
  const rules = addressRulesOf(config);
  checkUrl(link, rules);
  const limits = {
    rules,
    dir: config.uploadDir,
    limitBytes: config.maxUploadBytes,
    timeoutMs: config.urlImport.timeoutMs,
    ...(signal ? { signal } : {}),
  };
  const fetched = await downloadLink(link, {
    ...limits,
    userAgent: `Verbatim (+${config.publicUrl})`,
  });
  if (!("kind" in fetched)) return fetched;
  const command = config.urlImport.ytDlp;
  if (!command || !(await ytDlpInstalled(command))) {
    throw new AppError("URL_SITE_NOT_SUPPORTED");
  }
  const balance = await minuteBalance(ctx.db, user.id, ctx.now());
  return downloadWithYtDlp(fetched.url, {
    ...limits,
    command,
    maxSeconds: balance.planSeconds + balance.packSeconds,
  });
}
