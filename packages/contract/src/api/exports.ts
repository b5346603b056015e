import { z } from "zod";
import { EXPORT_FORMATS } from "../export-formats.js";
import { MAX_EXPORT_IDS } from "../limits.js";
import { STL_GSI_FIELDS } from "../stl-information.js";

// Many transcriptions in one download: POST /api/exports streams a ZIP of them.

/** POST /api/exports: which of the user's transcriptions, in which formats. */
export const ExportsBody = z.object({
  ids: z
    .array(z.string().max(64))
    .min(1, "ids must name at least one transcription")
    .max(MAX_EXPORT_IDS, `ids may name at most ${MAX_EXPORT_IDS} transcriptions`)
    .refine((ids) => new Set(ids).size === ids.length, { message: "ids must be unique" })
    .describe(`Ids of your completed transcriptions, at most ${MAX_EXPORT_IDS}.`),
  formats: z
    .array(z.enum(EXPORT_FORMATS))
    .min(1, "formats must name at least one format")
    .max(EXPORT_FORMATS.length)
    .refine((formats) => new Set(formats).size === formats.length, {
      message: "formats must be unique",
    })
    .describe(
      `Each transcription is written in each of these: ${EXPORT_FORMATS.map((f) => `\`${f}\``).join(", ")} (as GET /api/transcriptions/{id}/export writes them, at its defaults: the video's frame rate, no timecodes, timestamps or karaoke; the \`stl\` fields below for every EBU-STL file).`,
    ),
  speakerNames: z
    .boolean()
    .default(true)
    .describe("`false` leaves speakers out of SRT, VTT and TXT (JSON always lists them)."),
  lang: z
    .enum(["en", "zh-HK"])
    .optional()
    .describe(
      'Language of unnamed speakers\' labels ("Speaker 1" / "講者 1"); default the account\'s.',
    ),
  // EBU-STL's GSI fields, as the single export takes them (the same validator); the programme
  // title defaults to each file's name.
  ...STL_GSI_FIELDS,
});
