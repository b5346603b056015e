import { EngineError } from "../errors.js";
import { callServer, verbatimServer, type VerbatimServer } from "./verbatim-server.js";

// `verbatim ask TRANSCRIPT "question" --server URL`: a question about a transcription on a
// Verbatim server (several, comma-separated, are asked across), answered from the transcript
// only (docs/insights.md). The answer streams to standard error on a terminal as it is written;
// standard output gets the checked answer, each citation as the cue's time ([12:34]) and a
// citation that did not hold as [no source found] — or the whole answer as JSON with --json.

export interface AskCommandOptions {
  server?: string;
  apiKey?: string;
  json?: boolean;
  language?: string;
}

/** The checked answer's parts (the `answer` line of the stream). */
type AnswerPart =
  { text: string } | { citation: { sourceId: string; start: number } } | { unverified: string };
interface CheckedAnswer {
  notInTranscript: boolean;
  parts: AnswerPart[];
}

export async function askCommand(
  transcript: string,
  question: string,
  options: AskCommandOptions,
): Promise<void> {
  const server = verbatimServer("ask", options);
  const ids = transcript
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) throw new EngineError("INVALID_OPTIONS", "Name a transcription's id.");
  if (!question.trim()) throw new EngineError("INVALID_OPTIONS", "The question is empty.");
  const body = { question, language: options.language ?? null };
  const [path, json] =
    ids.length === 1
      ? [`/api/transcriptions/${encodeURIComponent(ids[0]!)}/questions`, body]
      : ["/api/questions", { ...body, transcriptionIds: ids }];
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  try {
    const response = await callServer(server, path, {
      method: "POST",
      json,
      signal: controller.signal,
    });
    const answer = await readAnswer(server, response, controller.signal);
    process.stdout.write(
      options.json
        ? `${JSON.stringify(answer, null, 2)}\n`
        : `${answerText(answer, ids.length > 1)}\n`,
    );
  } finally {
    process.off("SIGINT", onSignal);
  }
}

/** Reads the NDJSON lines: deltas shown on a terminal, then the answer (or the error). */
async function readAnswer(
  server: VerbatimServer,
  response: Response,
  signal: AbortSignal,
): Promise<CheckedAnswer> {
  const live = Boolean(process.stderr.isTTY);
  let pending = "";
  let answer: CheckedAnswer | undefined;
  const take = (line: string) => {
    let value: {
      type?: string;
      text?: string;
      answer?: CheckedAnswer;
      message?: string;
      code?: string;
    };
    try {
      value = JSON.parse(line) as typeof value;
    } catch (error) {
      throw new EngineError("ENGINE_FAILED", `${server.base} sent a line that is not JSON.`, {
        cause: error,
      });
    }
    if (value.type === "delta" && live && value.text) process.stderr.write(value.text);
    else if (value.type === "answer" && value.answer) answer = value.answer;
    else if (value.type === "error") {
      throw new EngineError(
        value.code === "INSIGHTS_MODEL_NOT_CONFIGURED" ? "MODEL_NOT_FOUND" : "ENGINE_FAILED",
        `The answer failed: ${value.message ?? "no reason given"} (${value.code ?? "?"})`,
      );
    }
  };
  const decoder = new TextDecoder();
  try {
    for await (const chunk of response.body ?? []) {
      pending += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, end).trim();
        pending = pending.slice(end + 1);
        if (line) take(line);
      }
    }
  } catch (error) {
    if (signal.aborted) throw new EngineError("CANCELLED", "Interrupted.", { cause: error });
    throw error;
  } finally {
    if (live) process.stderr.write("\n");
  }
  if (pending.trim()) take(pending.trim());
  if (!answer) throw new EngineError("ENGINE_FAILED", `${server.base} ended the answer early.`);
  return answer;
}

/** The answer as text: citations as [mm:ss] (with the transcription's id across several). */
export function answerText(answer: CheckedAnswer, across: boolean): string {
  if (answer.notInTranscript && !answer.parts.some((part) => "citation" in part)) {
    return "Not in the transcript.";
  }
  return answer.parts
    .map((part) => {
      if ("citation" in part) {
        const time = clock(part.citation.start);
        return across ? `[${part.citation.sourceId} ${time}]` : `[${time}]`;
      }
      if ("unverified" in part) return "[no source found]";
      return part.text;
    })
    .join("")
    .trim();
}

/** Milliseconds as m:ss, or h:mm:ss past an hour. */
function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
