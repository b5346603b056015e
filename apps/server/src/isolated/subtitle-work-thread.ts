import { parentPort, workerData } from "node:worker_threads";
import { isSubtitleImportError, readSubtitleFile } from "@verbatim/subtitles/import";
import { retimeCues, tokensOf } from "@verbatim/subtitles/retime";
import { checkCues } from "@verbatim/subtitles";
import { spellingFor } from "./spelling.js";
import type { SubtitleWork, SubtitleWorkReply } from "./subtitle-work-protocol.js";

// A worker thread that does one piece of subtitle work on what a user sent (runSubtitleWork
// starts it with memory and time caps): reading an uploaded subtitle or script file, or
// re-timing its cues to the recognised words, or checking its subtitles. Each loops over the user's data for as long as it
// is big, so they run here, never on the API's event loop.

async function run(work: SubtitleWork): Promise<SubtitleWorkReply> {
  if (work.kind === "read") {
    const imported = await readSubtitleFile(work.bytes, { fileName: work.fileName });
    let scriptTokens = 0;
    for (const cue of imported.cues) scriptTokens += tokensOf(cue.text).length;
    return { ok: true, result: { imported, scriptTokens } };
  }
  if (work.kind === "checks") {
    const spelling = await spellingFor(work.options.language, work.ownWords);
    const issues = checkCues(work.cues, {
      ...work.options,
      ...(spelling ? { spelling: spelling.misspellings } : {}),
    });
    return { ok: true, result: { issues, dictionary: spelling?.dictionary ?? null } };
  }
  const { cues } = retimeCues(work.cues, work.words, {
    durationMs: work.durationMs,
    ...(work.minGapMs !== undefined ? { minGapMs: work.minGapMs } : {}),
  });
  return { ok: true, result: { cues } };
}

run(workerData as SubtitleWork).then(
  (reply) => parentPort?.postMessage(reply),
  (error: unknown) => {
    const reply: SubtitleWorkReply = isSubtitleImportError(error)
      ? {
          ok: false,
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        }
      : { ok: false, message: error instanceof Error ? error.message : String(error) };
    parentPort?.postMessage(reply);
  },
);
