import { CHINESE_SCRIPTS } from "@verbatim/subtitles/chinese-script";
import { IMPORT_FORMATS, STYLE_NAMES } from "@verbatim/subtitles";
import { CHINESE_REGISTERS } from "@verbatim/subtitles/translation";
import { z } from "zod";
import { MAX_PROMPT_CHARS, MAX_SPEAKER_NAME } from "./limits.js";
import { MAX_SPEAKERS, parseSpeakersOption, type SpeakersOption } from "./speakers.js";
import { MAX_TRANSLATE_TO } from "./translation-cost.js";

// A transcription job's options: the one shape every intake builds from its own request (the
// web's upload form and chunked combine, /v1/audio/*), the jobs table keeps as built
// (`options_json`), and every reader parses — never casts — before use (the worker, the
// presenters). A new intake maps its request to these options in one function; a new option is
// a new optional field here. Options stored in an older shape are upgraded by readJobOptions.
//
// The model is not an option: the job's row keeps the name asked for and the engine's model in
// their own columns. The language is a plain string ("auto" or a code): which codes exist is the
// engine's registry's to say, checked by each intake, so an engine family with more languages
// needs no change here.

/** The version of the shape jobs are written in now. */
export const JOB_OPTIONS_VERSION = 2;

const speakerCount = z.number().int().min(1).max(MAX_SPEAKERS);

/** Speaker diarization: off, or how many speakers to tell apart (parseSpeakersOption's result). */
export const SpeakersChoice = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("off") }),
  z.object({ kind: z.literal("auto") }),
  z.object({ kind: z.literal("exact"), speakers: speakerCount }),
  z
    .object({ kind: z.literal("range"), minSpeakers: speakerCount, maxSpeakers: speakerCount })
    .refine((range) => range.minSpeakers <= range.maxSpeakers, {
      message: "minSpeakers must not be more than maxSpeakers",
    }),
]) satisfies z.ZodType<SpeakersOption>;

/** A voice given with the request (/v1 `known_speaker_references[]`): its name and embedding. */
export const KnownVoice = z.object({
  name: z.string().min(1).max(MAX_SPEAKER_NAME),
  embedding: z.array(z.number()).min(1),
});

/**
 * A transcription job's options (version 2). Defaults are the options of a plain upload. The
 * optional fields added since (`subtitles`, `bilingual`) mean nothing when absent, so rows
 * written before them read as they were: no new version.
 */
export const JobOptions = z.object({
  version: z.literal(JOB_OPTIONS_VERSION),
  /** `auto` (detected) or a language code the engine knows (checked by the intake). */
  language: z.string().trim().toLowerCase().min(1).max(35).default("auto"),
  task: z.enum(["transcribe", "translate"]).default("transcribe"),
  /** Word timings for the cues (the web form's `generateTimestamps`). */
  wordTimestamps: z.boolean().default(true),
  /** Write Chinese in this script; absent: as the engine wrote it. */
  chineseScript: z.enum(CHINESE_SCRIPTS).optional(),
  /** Subtitle style preset; absent: the default (standard). */
  style: z.enum(STYLE_NAMES).optional(),
  /** Initial prompt for the decoder (vocabulary, names), when the client gave one. */
  prompt: z.string().min(1).max(MAX_PROMPT_CHARS).optional(),
  /** Starting decoder temperature, when the client gave one (the engine's default: 0). */
  temperature: z.number().min(0).max(1).optional(),
  speakers: SpeakersChoice.default({ kind: "off" }),
  /** Voices given with the request, matched before the user's saved voices (no audio kept). */
  knownVoices: z.array(KnownVoice).optional(),
  /**
   * Made from an imported subtitle or transcript file (its cues kept with the job): its timings
   * kept (no engine run, no minutes) or re-timed to the speech (charged as a transcription).
   */
  subtitles: z
    .object({
      retime: z.boolean(),
      format: z.enum(IMPORT_FORMATS),
      /**
       * Timings kept: how many cues were past the media's end (`dropped`: started at or after
       * it, left out; `shortened`: ended there). Absent when none was.
       */
      fitted: z
        .object({ dropped: z.number().int().min(0), shortened: z.number().int().min(0) })
        .optional(),
    })
    .optional(),
  /** The transcript plus its English translation, cue by cue: two passes, charged twice. */
  bilingual: z.literal(true).optional(),
  /**
   * "Translate when done": BCP-47 codes (canonical case) whose translations are queued as soon
   * as the transcription completes, each charged as a translation (docs/translation.md).
   */
  translateTo: z.array(z.string().min(1).max(35)).min(1).max(MAX_TRANSLATE_TO).optional(),
  /**
   * With `translateTo`: the saved glossary (its id; the uploader's or their team's, checked at
   * upload) whose entries those translations use, read when they are queued.
   */
  translateGlossaryId: z.uuid().optional(),
  /** With `translateTo`: the style preset whose reading limits they fit (default: `style`'s). */
  translateStyle: z.enum(STYLE_NAMES).optional(),
  /** With `translateTo`: Hong Kong Chinese written (default) or spoken, as the panel asks. */
  translateRegister: z.enum(CHINESE_REGISTERS).optional(),
});

/** A job's options, as the worker reads them. */
export type JobOptions = z.output<typeof JobOptions>;

/** What an intake gives to build a job's options (every field but the version may be left out). */
export type JobOptionsInput = Omit<z.input<typeof JobOptions>, "version">;

/** A job's options in the current version; throws (a ZodError) when they break its rules. */
export function jobOptions(input: JobOptionsInput): JobOptions {
  return JobOptions.parse({ ...input, version: JOB_OPTIONS_VERSION });
}

/**
 * Version 1, written until options had a version: no `version` field; `speakers` as text
 * (`auto`, `3`, `2-4`; absent when off). Test rows may hold `{}`. A prompt may be longer than the
 * limit (intake accepted up to 10,000 characters before the limit was one; the engine failed
 * those jobs).
 */
const JobOptionsV1 = z.object({
  language: z.string().default("auto"),
  task: z.enum(["transcribe", "translate"]).default("transcribe"),
  wordTimestamps: z.boolean().default(true),
  chineseScript: z.enum(CHINESE_SCRIPTS).optional(),
  style: z.enum(STYLE_NAMES).optional(),
  prompt: z.string().optional(),
  temperature: z.number().optional(),
  speakers: z.string().optional(),
  knownVoices: z.array(KnownVoice).optional(),
});

/** Version 1 as version 2: `speakers` parsed; a prompt past the limit (a job that failed) dropped. */
function upgradeV1({ speakers, prompt, ...rest }: z.output<typeof JobOptionsV1>): JobOptions {
  const choice = parseSpeakersOption(speakers);
  if (!choice) throw new Error(`Stored job options hold an unreadable speakers value.`);
  const keptPrompt = prompt?.trim() && prompt.length <= MAX_PROMPT_CHARS ? prompt : undefined;
  return jobOptions({
    ...rest,
    speakers: choice,
    ...(keptPrompt ? { prompt: keptPrompt } : {}),
  });
}

/**
 * Parses a job's stored options (options_json, parsed from JSON) of any version into the current
 * shape; throws when they are of no known version or break its rules. A new version adds its
 * schema here and an upgrade of the one before it.
 */
export function readJobOptions(stored: unknown): JobOptions {
  const version =
    typeof stored === "object" && stored !== null && "version" in stored
      ? (stored as { version: unknown }).version
      : undefined;
  switch (version) {
    case JOB_OPTIONS_VERSION:
      return JobOptions.parse(stored);
    case undefined:
      return upgradeV1(JobOptionsV1.parse(stored));
    default:
      throw new Error(`Stored job options are of an unknown version (${String(version)}).`);
  }
}
