export type {
  ChatMessage,
  InsightModel,
  JsonAnswer,
  JsonRequest,
  TextRequest,
} from "./language-model.js";
export {
  transcriptLines,
  transcriptBlock,
  clockTime,
  type InsightSource,
  type TranscriptLine,
} from "./transcript-lines.js";
export {
  CueIndex,
  comparable,
  type Citation,
  type CitedText,
  type CitationProblem,
} from "./citations.js";
export {
  chaptersCovering,
  chapterCoverageProblem,
  MIN_CHAPTER_MS,
  type Chapter,
  type ChapterStart,
} from "./chapters.js";
export type { ActionItem, Quote } from "./insight-checks.js";
export {
  summarize,
  splitIntoSections,
  answerTokens,
  InsightsError,
  type Insights,
  type InsightsErrorCode,
  type SummarizeProgress,
  type SummarizeRequest,
} from "./summarize.js";
export {
  askTranscripts,
  checkAnswer,
  type Answer,
  type AnswerPart,
  type AskRequest,
} from "./ask.js";
export { NOT_IN_TRANSCRIPT } from "./prompts.js";
export {
  insightsMarkdown,
  insightsJson,
  youtubeChapters,
  webvttChapters,
  ENGLISH_LABELS,
  CHINESE_LABELS,
  type InsightLabels,
} from "./insight-exports.js";
export {
  answerLimits,
  answerShapes,
  type AnswerLimits,
  type SectionAnswer,
  type CombinedAnswer,
} from "./answer-shapes.js";
