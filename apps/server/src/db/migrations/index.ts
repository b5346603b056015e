import type { Migration, MigrationProvider } from "kysely";
import * as accounts from "./0001-accounts.js";
import * as transcriptions from "./0002-transcriptions.js";
import * as billing from "./0003-billing.js";
import * as contact from "./0004-contact.js";
import * as apiKeys from "./0005-api-keys.js";
import * as taskRuns from "./0006-task-runs.js";
import * as uploadSessionState from "./0007-upload-session-state.js";
import * as idempotencyKeys from "./0008-idempotency-keys.js";
import * as listeningCopies from "./0009-listening-copies.js";
import * as whisperSegments from "./0010-whisper-segments.js";
import * as speakers from "./0011-speakers.js";
import * as checkoutQuoteBasis from "./0012-checkout-quote-basis.js";
import * as transcribedAudio from "./0013-transcribed-audio.js";
import * as uploadDeclaredChunks from "./0014-upload-declared-chunks.js";
import * as supportMessages from "./0015-support-messages.js";
import * as deletedJobUsage from "./0016-deleted-job-usage.js";
import * as videoFrameRate from "./0017-video-frame-rate.js";
import * as webhooks from "./0018-webhooks.js";
import * as jobBatches from "./0019-job-batches.js";
import * as shareLinks from "./0020-share-links.js";
import * as modelFamily from "./0021-model-family.js";
import * as teams from "./0022-teams.js";
import * as renders from "./0023-renders.js";
import * as renderSource from "./0024-render-source.js";
import * as mediaFileName from "./0025-media-file-name.js";
import * as translations from "./0027-translations.js";
import * as insights from "./0028-insights.js";
import * as shotChanges from "./0029-shot-changes.js";
import * as liveSessions from "./0030-live-sessions.js";
import * as mediaProbe from "./0031-media-probe.js";
import * as uploadChunkLocation from "./0032-upload-chunk-location.js";
import * as translationsPending from "./0033-translations-pending.js";
import * as commentMails from "./0034-comment-mails.js";
import * as insightShortSummary from "./0035-insight-short-summary.js";

/** Every migration, in order; one set for SQLite and PostgreSQL. */
export const migrationProvider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      "0001-accounts": accounts,
      "0002-transcriptions": transcriptions,
      "0003-billing": billing,
      "0004-contact": contact,
      "0005-api-keys": apiKeys,
      "0006-task-runs": taskRuns,
      "0007-upload-session-state": uploadSessionState,
      "0008-idempotency-keys": idempotencyKeys,
      "0009-listening-copies": listeningCopies,
      "0010-whisper-segments": whisperSegments,
      "0011-speakers": speakers,
      "0012-checkout-quote-basis": checkoutQuoteBasis,
      "0013-transcribed-audio": transcribedAudio,
      "0014-upload-declared-chunks": uploadDeclaredChunks,
      "0015-support-messages": supportMessages,
      "0016-deleted-job-usage": deletedJobUsage,
      "0017-video-frame-rate": videoFrameRate,
      "0018-webhooks": webhooks,
      "0019-job-batches": jobBatches,
      "0020-share-links": shareLinks,
      "0021-model-family": modelFamily,
      "0022-teams": teams,
      "0023-renders": renders,
      "0024-render-source": renderSource,
      "0025-media-file-name": mediaFileName,
      "0027-translations": translations,
      "0028-insights": insights,
      "0029-shot-changes": shotChanges,
      "0030-live-sessions": liveSessions,
      "0031-media-probe": mediaProbe,
      "0032-upload-chunk-location": uploadChunkLocation,
      "0033-translations-pending": translationsPending,
      "0034-comment-mails": commentMails,
      "0035-insight-short-summary": insightShortSummary,
    };
  },
};
