import type { Cue } from "../cue.js";
import type { StyleName } from "../style-presets.js";
import { cueBudget, placeTranslation } from "./budget.js";
import {
  chineseTarget,
  inTargetScript,
  type ChineseRegister,
  type ChineseTarget,
} from "./chinese-target.js";
import { missingTerms, termsIn, type GlossaryEntry } from "./glossary.js";
import { languageModelErrorCode, type TranslationModel } from "./model.js";
import {
  condenseMessages,
  cueAnswerSchema,
  readCueAnswer,
  translateMessages,
  type DataMessages,
  type PromptCue,
} from "./prompt.js";
import { sentenceGroups } from "./sentence-groups.js";

// Translating a transcript's cues (docs/translation.md): cues grouped into sentences, groups
// batched into requests that fit the model's context (with the neighbouring cues as context),
// every answer checked to hold every cue id once, each translation converted to the target's
// script, broken into lines by the transcription's rules and checked against the style's
// reading limits; cues over their budget are asked to be condensed once, then flagged — never
// cut — and glossary terms missing from a translation are flagged.

/** Why a translated cue needs a look in the editor. */
export type TranslationFlag = "OVER_BUDGET" | "GLOSSARY_MISSING";

/** One cue's translation: laid out in lines, with its flags. */
export interface TranslatedCue {
  text: string;
  flags: TranslationFlag[];
}

/** Thrown when the transcript cannot be translated (the code says why). */
export class TranslationError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "TranslationError";
  }
}

export interface TranslateCuesOptions {
  model: TranslationModel;
  /** Who asks (the model's fair queue). */
  accountId: string;
  /** The transcript's language, when known. */
  sourceLanguage: string | null;
  /** BCP-47. */
  targetLanguage: string;
  /** Hong Kong Chinese: written (default) or spoken Cantonese. */
  register?: ChineseRegister | undefined;
  style: StyleName;
  glossary?: readonly GlossaryEntry[] | undefined;
  signal?: AbortSignal | undefined;
  /**
   * Translations already made (by position), e.g. by a run a restart interrupted: their
   * sentence groups are not asked again.
   */
  done?: ReadonlyMap<number, TranslatedCue> | undefined;
  /** After each batch: every translation so far by position, and the count of cues. */
  onBatch?:
    ((done: ReadonlyMap<number, TranslatedCue>, total: number) => Promise<void>) | undefined;
  /** Most cues in one request (default 24). */
  maxBatchCues?: number | undefined;
  /** How the task and the data become messages (default plainDataMessages). */
  messages?: DataMessages | undefined;
  /** Neighbouring cues sent as context on each side (default 2). */
  contextCues?: number | undefined;
}

interface Item {
  position: number;
  cue: Cue;
  maxChars: number;
  start: number;
  end: number;
  /** The cue's text on one line. */
  text: string;
}

/** Tokens a chat template adds per message, counted on top of the text. */
const MESSAGE_OVERHEAD_TOKENS = 16;

/**
 * Translates every cue; the result has one entry per cue, by position. Throws
 * TranslationError (LLM_CONTEXT_EXCEEDED when a single cue cannot fit the model's context) or
 * the model's own error (cancelled, unreachable, output invalid for a single cue).
 */
export async function translateCues(
  cues: readonly Cue[],
  options: TranslateCuesOptions,
): Promise<TranslatedCue[]> {
  const target = chineseTarget(options.targetLanguage, options.register);
  const description = targetDescription(options.targetLanguage, target);
  const results = new Map<number, TranslatedCue>(options.done ?? []);
  const items: Item[] = cues.map((cue, position) => ({
    position,
    cue,
    maxChars: cueBudget(cue, options.style, options.targetLanguage).maxChars,
    start: cue.start,
    end: cue.end,
    text: cue.text.replace(/\s+/gu, " ").trim(),
  }));
  const todo = sentenceGroups(items).filter((group) =>
    group.some((item) => !results.has(item.position)),
  );
  const maxBatch = Math.max(1, options.maxBatchCues ?? 24);
  const context = options.contextCues ?? 2;
  const glossary = options.glossary ?? [];

  const finish = (item: Item, translated: string, condensed?: string): TranslatedCue => {
    const first = placeTranslation(
      item.cue,
      inTargetScript(translated, target),
      options.style,
      options.targetLanguage,
    );
    let placed = first;
    if (!first.fits && condensed !== undefined) {
      const second = placeTranslation(
        item.cue,
        inTargetScript(condensed, target),
        options.style,
        options.targetLanguage,
      );
      if (second.fits || second.text.length < first.text.length) placed = second;
    }
    const flags: TranslationFlag[] = [];
    if (!placed.fits) flags.push("OVER_BUDGET");
    if (missingTerms(glossary, item.cue.text, placed.text).length > 0) {
      flags.push("GLOSSARY_MISSING");
    }
    return { text: placed.text, flags };
  };

  const translateBatch = async (groups: Item[][]): Promise<void> => {
    const asked = groups.map((group) => group.filter((item) => item.text !== ""));
    for (const group of groups) {
      for (const item of group) {
        if (item.text === "") results.set(item.position, { text: "", flags: [] });
      }
    }
    const nonEmpty = asked.filter((group) => group.length > 0);
    if (nonEmpty.length === 0) return;
    const flat = nonEmpty.flat();
    const first = flat[0]!.position;
    const last = flat.at(-1)!.position;
    const sourceTexts = flat.map((item) => item.text);
    const messages = translateMessages(
      {
        sourceLanguage: options.sourceLanguage,
        targetLanguage: options.targetLanguage,
        targetDescription: description,
        glossary: termsIn(glossary, sourceTexts),
        contextBefore: neighbours(items, first - context, first),
        groups: nonEmpty.map((group) => group.map(promptCue)),
        contextAfter: neighbours(items, last + 1, last + 1 + context),
      },
      options.messages,
    );
    const ids = flat.map((item) => item.position + 1);
    const answerTokens = await answerBudget(options.model, flat);
    const fits =
      (await promptTokens(options.model, messages)) + answerTokens <= options.model.contextSize;
    try {
      if (!fits) throw new TranslationError("LLM_CONTEXT_EXCEEDED", "The request is too long.");
      const answer = await options.model.generateJson({
        messages,
        schema: cueAnswerSchema(ids),
        validate: (value) => readCueAnswer(value, ids),
        maxTokens: answerTokens,
        signal: options.signal,
        accountId: options.accountId,
      });
      const texts = answer.value;
      const over = flat.filter(
        (item) =>
          !placeTranslation(
            item.cue,
            inTargetScript(texts.get(item.position + 1) ?? "", target),
            options.style,
            options.targetLanguage,
          ).fits,
      );
      const condensed = over.length > 0 ? await condense(over, texts) : new Map<number, string>();
      for (const item of flat) {
        results.set(
          item.position,
          finish(item, texts.get(item.position + 1) ?? "", condensed.get(item.position + 1)),
        );
      }
    } catch (error) {
      const code = error instanceof TranslationError ? error.code : languageModelErrorCode(error);
      if (code !== "LLM_CONTEXT_EXCEEDED" && code !== "LLM_OUTPUT_INVALID") throw error;
      // Too long, or an answer that did not hold its cues twice: ask in halves, down to one cue.
      const halves = splitInHalves(nonEmpty);
      if (!halves) {
        throw code === "LLM_CONTEXT_EXCEEDED"
          ? new TranslationError(code, "One cue does not fit the model's context window.")
          : error;
      }
      for (const half of halves) await translateBatch(half);
    }
  };

  const condense = async (
    over: readonly Item[],
    texts: ReadonlyMap<number, string>,
  ): Promise<Map<number, string>> => {
    const ids = over.map((item) => item.position + 1);
    const request = over.map((item) => ({
      id: item.position + 1,
      source: item.text,
      translation: texts.get(item.position + 1) ?? "",
      max_chars: item.maxChars,
    }));
    try {
      const answer = await options.model.generateJson({
        messages: condenseMessages(
          {
            targetLanguage: options.targetLanguage,
            targetDescription: description,
            glossary: termsIn(
              glossary,
              over.map((item) => item.text),
            ),
            cues: request,
          },
          options.messages,
        ),
        schema: cueAnswerSchema(ids),
        validate: (value) => readCueAnswer(value, ids),
        maxTokens: await answerBudget(options.model, over),
        signal: options.signal,
        accountId: options.accountId,
      });
      return answer.value;
    } catch (error) {
      // Condensing is a second chance: when it fails, the cue keeps its translation, flagged.
      if (languageModelErrorCode(error) === "LLM_OUTPUT_INVALID") return new Map();
      if (languageModelErrorCode(error) === "LLM_CONTEXT_EXCEEDED") return new Map();
      throw error;
    }
  };

  let batch: Item[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await translateBatch(batch);
    batch = [];
    await options.onBatch?.(results, cues.length);
  };
  for (const group of todo) {
    if (batch.length > 0 && batch.flat().length + group.length > maxBatch) await flush();
    batch.push(group);
  }
  await flush();
  return cues.map((_, position) => results.get(position) ?? { text: "", flags: [] });
}

function promptCue(item: Item): PromptCue {
  return { id: item.position + 1, text: item.text, max_chars: item.maxChars };
}

function neighbours(items: readonly Item[], from: number, to: number): string[] {
  return items
    .slice(Math.max(0, from), Math.max(0, to))
    .map((item) => item.text)
    .filter((text) => text !== "");
}

async function promptTokens(
  model: TranslationModel,
  messages: readonly { content: string }[],
): Promise<number> {
  let total = 0;
  for (const message of messages) {
    total += (await model.countTokens(message.content)) + MESSAGE_OVERHEAD_TOKENS;
  }
  return total;
}

/**
 * Tokens to allow for the answer: the JSON around each cue, and room for its translation —
 * twice the source's tokens, or its budget in characters (a character is at most about one
 * token), whichever is more.
 */
async function answerBudget(model: TranslationModel, items: readonly Item[]): Promise<number> {
  let total = 32;
  for (const item of items) {
    const source = await model.countTokens(item.text);
    total += 16 + Math.max(2 * source, item.maxChars);
  }
  return total;
}

/** The groups in two halves (a single group split into its cues); null for one cue. */
function splitInHalves(groups: Item[][]): [Item[][], Item[][]] | null {
  if (groups.length > 1) {
    const middle = Math.ceil(groups.length / 2);
    return [groups.slice(0, middle), groups.slice(middle)];
  }
  const [only] = groups;
  if (!only || only.length <= 1) return null;
  const middle = Math.ceil(only.length / 2);
  return [[only.slice(0, middle)], [only.slice(middle)]];
}

/** How the target is written, in words, for the model. */
export function targetDescription(language: string, target: ChineseTarget | null): string {
  if (target?.spoken && target.script === "hk") {
    return "Cantonese as spoken in Hong Kong (口語, colloquial written Cantonese such as 係、嘅、咗、唔), in Traditional Chinese characters";
  }
  if (target?.script === "hk") {
    return "written Chinese as used in Hong Kong (書面語, standard written Chinese, not colloquial Cantonese), in Traditional Chinese characters";
  }
  if (target?.script === "tw")
    return "Chinese as written in Taiwan, in Traditional Chinese characters";
  if (target?.script === "cn") return "Chinese in Simplified Chinese characters";
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(language) ?? language;
  } catch {
    return language;
  }
}
