import { z } from "zod";
import {
  CAPTION_BACKGROUNDS,
  CAPTION_CROPS,
  CAPTION_FONTS,
  CAPTION_MAX_LINES,
  CAPTION_POSITIONS,
  CAPTION_SIZE_PERCENT,
  CAPTION_STYLE_NAMES,
  RENDER_MEDIA_SECONDS_PER_CHARGED_SECOND,
} from "../caption-styles.js";

// Captioned video: a render burns a transcription's subtitles into a picture (docs/captioned-video.md).

const HexColour = z.string().regex(/^#?[0-9a-fA-F]{6}$/, "must be a hex RGB colour such as FFFFFF");

/** A style preset and the controls a user may change on it. */
export const CaptionOptions = z.object({
  style: z
    .enum(CAPTION_STYLE_NAMES)
    .default("standard")
    .describe(
      "`standard` (white, outlined, bottom), `broadcast-box` (a dark box behind the lines), `karaoke` (the spoken word highlighted, from word timings), `social-word` (one large word at a time), `bilingual` (the original over its translation).",
    ),
  crop: z
    .enum(CAPTION_CROPS)
    .default("source")
    .describe(
      "`source`, or a centred `16:9`, `9:16` (vertical) or `1:1` cut; the captions stay in its safe area.",
    ),
  position: z.enum(CAPTION_POSITIONS).optional().describe("Default: the style's."),
  font: z.enum(CAPTION_FONTS).optional().describe("Default: by the transcription's language."),
  sizePercent: z
    .number()
    .min(CAPTION_SIZE_PERCENT.min)
    .max(CAPTION_SIZE_PERCENT.max)
    .optional()
    .describe("The letters' em in % of the picture's short side. Default: the style's."),
  colour: HexColour.optional().describe("Text colour. Default: the style's (white)."),
  highlightColour: HexColour.optional().describe("`karaoke`: the spoken word's colour."),
  background: z.enum(CAPTION_BACKGROUNDS).optional().describe("Default: the style's."),
  maxLines: z
    .number()
    .int()
    .min(CAPTION_MAX_LINES.min)
    .max(CAPTION_MAX_LINES.max)
    .optional()
    .describe("Lines on screen at once; longer cues are shown in parts. Default: the style's."),
  speakerColours: z
    .boolean()
    .optional()
    .describe("Each speaker in their colour. Default: the style's."),
});

/** POST /api/transcriptions/{id}/renders. */
export const RenderBody = CaptionOptions;

/** What a render's captions are drawn over. */
export const RENDER_PICTURES = ["waveform", "video"] as const;

/**
 * How far (ms, and a share of the transcription's length, whichever is more) a video sent for a
 * render may differ in length from the transcription: a copy saved again by another tool gains or
 * loses a few frames, another video does not match.
 */
export const RENDER_VIDEO_LENGTH_TOLERANCE = { ms: 1_000, share: 0.02 } as const;

/** POST /api/transcriptions/{id}/renders/video (multipart), as the OpenAPI document shows it. */
export const RenderVideoUpload = z.object({
  options: z
    .string()
    .describe(
      "The caption options as JSON, the body of POST /api/transcriptions/{id}/renders (`style`, `crop` and the optional controls); sent before `file`.",
    ),
  file: z
    .any()
    .meta({ type: "string", format: "binary" })
    .describe(
      "The video that was transcribed (its length within a second or 2 % of the transcription's), at most MAX_UPLOAD_MB.",
    ),
});

export const RENDER_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;

/** A render, as GET /api/renders/{id} answers. */
export const RenderReply = z.object({
  id: z.string(),
  transcriptionId: z.string(),
  status: z.enum(RENDER_STATUSES),
  progress: z.number().int().describe("Percent done, 0 to 100."),
  options: CaptionOptions,
  picture: z
    .enum(RENDER_PICTURES)
    .describe(
      "What the captions are drawn over: `video`, the user's own video sent with the request (POST /api/transcriptions/{id}/renders/video; deleted when the render ends), or `waveform`, a picture of the transcription's kept audio (the server keeps no video; docs/captioned-video.md says why).",
    ),
  width: z.number().int().nullable().describe("The picture's width in pixels, once completed."),
  height: z.number().int().nullable().describe("The picture's height in pixels, once completed."),
  sizeBytes: z.number().int().nullable().describe("The MP4's size in bytes, once completed."),
  costSeconds: z
    .number()
    .int()
    .describe(
      `Seconds of minutes the render reserves (one for every ${RENDER_MEDIA_SECONDS_PER_CHARGED_SECOND} seconds of media), charged when it completes, given back when it is cancelled or fails.`,
    ),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string().describe("ISO-8601 UTC time."),
  finishedAt: z.string().nullable().describe("ISO-8601 UTC time it ended; null until then."),
  expiresAt: z
    .string()
    .nullable()
    .describe(
      "ISO-8601 UTC time the finished file is deleted: the same retention as the transcription's audio.",
    ),
});
