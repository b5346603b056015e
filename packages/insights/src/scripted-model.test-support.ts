import type {
  ChatMessage,
  InsightModel,
  JsonAnswer,
  JsonRequest,
  TextRequest,
} from "./language-model.js";

/** A model for the unit tests: answers come from `answer`, tokens are counted as characters / 4. */
export function scriptedModel(options: {
  contextSize?: number;
  answer?: (messages: ChatMessage[], call: number) => unknown;
  stream?: (messages: ChatMessage[]) => string[];
}): InsightModel & { calls: ChatMessage[][] } {
  const calls: ChatMessage[][] = [];
  return {
    name: "scripted",
    contextSize: options.contextSize ?? 8_192,
    calls,
    countTokens: (text: string) => Promise.resolve(Math.ceil(text.length / 4)),
    generateJson: <T>(request: JsonRequest<T>): Promise<JsonAnswer<T>> => {
      calls.push(request.messages);
      const value = request.validate(options.answer!(request.messages, calls.length));
      return Promise.resolve({ value, promptTokens: 10, outputTokens: 5 });
    },
    async *streamText(request: TextRequest): AsyncIterable<string> {
      calls.push(request.messages);
      for (const piece of options.stream!(request.messages)) yield await Promise.resolve(piece);
    },
  };
}

/** The cue ids a prompt showed (`c12` at the start of a transcript line). */
export function shownIds(messages: ChatMessage[]): string[] {
  const user = messages.find((m) => m.role === "user")!.content;
  return [...user.matchAll(/^(c\d+) \[/gm)].map((m) => m[1]!);
}

/** A section answer citing `ids`, with a quote and chapter as given. */
export function sectionReply(
  ids: string[],
  extra: Partial<Record<string, unknown>> = {},
): Record<string, unknown> {
  return {
    shortSummary: { text: `About ${ids[0]}.`, cues: [ids[0]] },
    summary: [{ text: "Things were said.", cues: ids.slice(0, 2) }],
    chapters: [{ title: `From ${ids[0]}`, gist: "A part.", start: ids[0] }],
    keyPoints: [{ text: "A point.", cues: [ids.at(-1)] }],
    quotes: [],
    actionItems: [],
    topics: ["things"],
    ...extra,
  };
}
