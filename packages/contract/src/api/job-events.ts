import { z } from "zod";

// GET /api/transcriptions/:id/events: the Server-Sent Events that follow one job. Each
// arrives as `event: <name>` and `data: <JSON>`; the server's followers pass them around
// inside as `{ type: <name>, ...data }` (JobEvent).

const seconds = (what: string) => z.number().describe(`${what}, in seconds.`);

/** Each event's `data`, by its name. */
export const JobEventData = {
  queued: z.object({
    position: z.number().int().describe("Jobs ahead of this one (0: next)."),
    waitSeconds: seconds("Expected wait before it starts").nullable(),
  }),
  processing: z.object({
    percent: z.number().int().describe("Percent done, 0 to 99."),
    secondsLeft: seconds("Estimated time left").int().nullable(),
  }),
  segment: z.object({
    start: z.number().int().describe("Start in the media, in milliseconds."),
    end: z.number().int().describe("End in the media, in milliseconds."),
    text: z.string().describe("Text recognised (a preview; the result may differ slightly)."),
  }),
  completed: z.object({
    id: z.string(),
    duration: seconds("Length of the media"),
    language: z.string().nullable().describe("ISO-639-1 code of the spoken language."),
  }),
  failed: z.object({
    code: z.string(),
    message: z.string(),
    chargedSeconds: z
      .number()
      .int()
      .optional()
      .describe(
        "Seconds charged for the audio transcribed before the job stopped (0 or absent: nothing).",
      ),
  }),
};

export type JobEventName = keyof typeof JobEventData;

/** The stream's events for the OpenAPI document: the name, and the object under `data`. */
export const JobEventDoc = z.union([
  z.object({ event: z.literal("queued"), data: JobEventData.queued }),
  z.object({ event: z.literal("processing"), data: JobEventData.processing }),
  z.object({ event: z.literal("segment"), data: JobEventData.segment }),
  z.object({ event: z.literal("completed"), data: JobEventData.completed }),
  z.object({ event: z.literal("failed"), data: JobEventData.failed }),
]);

/** One event as the server passes it around: its name as `type`, with its data. */
export type JobEvent = {
  [Name in JobEventName]: { type: Name } & z.output<(typeof JobEventData)[Name]>;
}[JobEventName];
