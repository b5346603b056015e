import { z } from "zod";
import { MAX_VOICES } from "../speakers.js";
import { SpeakerName } from "./transcriptions.js";

// Saved voices: diarized speakers are labelled with the name of a voice that matches.

/**
 * Longest clip a voice is made from, in seconds. A voice needs a few seconds of one person; a
 * minute is plenty, and it bounds the work (the embedding runs while the request waits).
 */
export const MAX_VOICE_CLIP_SECONDS = 60;

/** A saved voice (its embedding is never sent back: it stays on the server). */
export const Voice = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string().describe("ISO-8601 UTC time it was saved."),
  seconds: z.number().describe("Length of the speech it was made from, in seconds."),
});

export const VoiceList = z.object({ voices: z.array(Voice) });

export const VoiceIdParams = z.object({ id: z.string().max(64) });

export const VoiceName = z.object({ name: SpeakerName });

/** JSON form of POST /api/voices: a speaker of one of the user's transcriptions. */
export const VoiceFromTranscription = z.object({
  name: SpeakerName,
  transcriptionId: z.string().max(64),
  speakerId: z.string().max(16),
});

/** POST /api/voices as the OpenAPI document shows it: either form's fields. */
export const CreateVoiceDoc = z.object({
  name: z.string().describe("The voice's name: one line, 1 to 100 characters, unique per user."),
  file: z
    .string()
    .meta({ format: "binary" })
    .optional()
    .describe(
      `multipart/form-data: a clip of the person speaking, at most ${MAX_VOICE_CLIP_SECONDS} seconds (any format ffmpeg reads); send it after the name.`,
    ),
  transcriptionId: z
    .string()
    .optional()
    .describe("JSON: one of your transcriptions (its audio copy must still be kept)."),
  speakerId: z.string().optional().describe('JSON: the speaker in it, such as "S1".'),
});

export const VOICES_DESCRIPTION = `Saved voices are yours alone: only the speaker embedding (numbers computed from the voice, no audio) is kept, until you delete it or your account. A diarized transcription labels a speaker whose voice matches one closely enough with its name. At most ${MAX_VOICES} voices.`;
