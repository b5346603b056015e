export { cueBudget, budgetLength, placeTranslation, type CueBudget } from "./budget.js";
export {
  CHINESE_REGISTERS,
  chineseTarget,
  inTargetScript,
  type ChineseRegister,
  type ChineseTarget,
} from "./chinese-target.js";
export {
  containsTerm,
  MAX_GLOSSARY_ENTRIES,
  MAX_GLOSSARY_TERM_CHARS,
  missingTerms,
  termsIn,
  type GlossaryEntry,
} from "./glossary.js";
export {
  languageModelErrorCode,
  type ChatMessage,
  type JsonAnswer,
  type JsonRequest,
  type TranslationModel,
} from "./model.js";
export {
  condenseMessages,
  cueAnswerSchema,
  MAX_ANSWER_CHARS,
  plainDataMessages,
  type DataMessages,
  readCueAnswer,
  translateMessages,
} from "./prompt.js";
export { endsSentence, MAX_GROUP_CUES, sentenceGroups } from "./sentence-groups.js";
export {
  targetDescription,
  translateCues,
  TranslationError,
  type TranslateCuesOptions,
  type TranslatedCue,
  type TranslationFlag,
} from "./translate-cues.js";
