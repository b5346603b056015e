import { z } from "zod";
import { MAX_COMMENT_CHARS, MAX_COMMENTER_NAME, MAX_SHARE_PASSWORD } from "../limits.js";
import { InsightChapter } from "./insights.js";
import { SpeakerItem, Subtitle } from "./transcriptions.js";

// Share links (a read-only page of one transcription for people without an account) and the
// time-coded comments left on them (docs/sharing.md).

/** How long a new link works. */
export const SHARE_EXPIRIES = ["1d", "7d", "30d", "never"] as const;

/** POST /api/transcriptions/{id}/shares. */
export const CreateShareBody = z.object({
  expiresIn: z.enum(SHARE_EXPIRIES).describe("1 day, 7 days, 30 days, or until revoked."),
  password: z
    .string()
    .min(1)
    .max(MAX_SHARE_PASSWORD)
    .optional()
    .describe("When given, viewers must enter it (POST /api/shared/{token}/unlock)."),
  allowDownload: z.boolean().describe("Whether viewers may download exports."),
  allowComments: z.boolean().describe("Whether viewers may add comments."),
  showOverview: z
    .boolean()
    .default(true)
    .describe(
      "Whether the page shows the owner's short summary and chapters, when there are some (default true).",
    ),
});

/** A link as its owner sees it (the answer to creating one, and the list). */
export const ShareLink = z.object({
  id: z.string(),
  /** The page's address, `/s/{token}` under the server's public address. */
  url: z.string(),
  /** Long and random: whoever holds it can open the page. Shown to the owner only. */
  token: z.string(),
  expiresAt: z.string().nullable().describe("ISO-8601 UTC time; null: until revoked."),
  hasPassword: z.boolean(),
  allowDownload: z.boolean(),
  allowComments: z.boolean(),
  showOverview: z.boolean().describe("Whether the page shows the short summary and chapters."),
  createdAt: z.string().describe("ISO-8601 UTC time."),
});

export const ShareIdParams = z.object({ id: z.string().max(64) });
export const ShareTokenParams = z.object({ token: z.string().max(200) });

/** POST /api/shared/{token}/unlock. */
export const UnlockShareBody = z.object({ password: z.string().max(MAX_SHARE_PASSWORD) });

/**
 * The answer to a right password: send `grant` as the `X-Share-Grant` header (or `grant` query
 * parameter, for media elements) with the link's other calls. It stops working when the link does.
 */
export const ShareGrant = z.object({ grant: z.string() });

/** GET /api/shared/{token}: what the shared page shows. */
export const SharedTranscription = z.object({
  fileName: z.string(),
  /** The display name the owner chose; nothing else about them. */
  ownerName: z.string().nullable(),
  language: z.string().nullable(),
  duration: z.number().describe("Seconds."),
  speakers: z.array(SpeakerItem).nullable(),
  subtitles: z.array(Subtitle),
  /** The kept audio; null when it is gone (`mediaGone` says why). */
  media: z
    .object({
      url: z.string(),
      expiresAt: z.string().describe("ISO-8601 UTC time: when the kept audio is deleted."),
    })
    .nullable(),
  mediaGone: z
    .enum(["expired", "not-kept"])
    .nullable()
    .describe(
      "`expired`: the plan's retention for the audio ended; `not-kept`: none was kept. Null while it plays.",
    ),
  permissions: z.object({ download: z.boolean(), comment: z.boolean() }),
  expiresAt: z
    .string()
    .nullable()
    .describe("ISO-8601 UTC time when the link stops working; null: until revoked."),
  overview: z
    .object({
      shortSummary: z.string(),
      unverified: z
        .boolean()
        .describe("The short summary's citations did not hold: show it as without a source."),
      chapters: z.array(InsightChapter.pick({ title: true, gist: true, start: true, end: true })),
    })
    .nullable()
    .optional()
    .describe(
      "The owner's insights (docs/insights.md), when they have completed ones and the link shows them (`showOverview`): the short summary and the chapters (times in milliseconds). Null otherwise.",
    ),
  translations: z
    .array(
      z.object({
        language: z.string().describe("The track's BCP-47 code: `language=` of the export."),
        cues: z.array(
          z.object({
            index: z.number().int().describe("The subtitle's `id` it translates."),
            text: z.string(),
          }),
        ),
      }),
    )
    .optional()
    .describe(
      "The transcription's completed translation tracks (docs/translation.md), one per language; none under way, failed or deleted. Downloads take one as `language=`.",
    ),
});

/** A comment (or a reply: `parentId`) on a transcription, at a time or time range. */
export const Comment = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  authorName: z.string(),
  /** True when the owner wrote it (from the editor). */
  byOwner: z.boolean(),
  body: z.string(),
  startMs: z.number().int().describe("Milliseconds from the start of the media."),
  endMs: z
    .number()
    .int()
    .describe("Milliseconds from the start of the media; equal to startMs for a point in time."),
  /** The subtitle it was left on (its `id`), if any. */
  cueId: z.number().int().nullable(),
  resolvedAt: z.string().nullable().describe("ISO-8601 UTC time; null while open."),
  createdAt: z.string().describe("ISO-8601 UTC time."),
});

/** POST /api/shared/{token}/comments (a viewer) and /api/transcriptions/{id}/comments (the owner). */
export const CreateCommentBody = z
  .object({
    authorName: z
      .string()
      .trim()
      .min(1)
      .max(MAX_COMMENTER_NAME)
      .optional()
      .describe(
        "The viewer's name (required on a shared link; the owner's display name is used for theirs).",
      ),
    body: z.string().trim().min(1).max(MAX_COMMENT_CHARS),
    startMs: z.number().int().min(0).describe("Milliseconds from the start of the media."),
    endMs: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("A range's end, in milliseconds; default startMs."),
    cueId: z.number().int().min(1).optional(),
    parentId: z.string().max(64).optional().describe("Reply to this comment."),
  })
  .refine((body) => body.endMs === undefined || body.endMs >= body.startMs, {
    message: "endMs must not be before startMs",
    path: ["endMs"],
  });

/** PATCH /api/transcriptions/{id}/comments/{commentId}. */
export const UpdateCommentBody = z.object({ resolved: z.boolean() });

export const CommentParams = z.object({ id: z.string().max(64), commentId: z.string().max(64) });
