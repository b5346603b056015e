export type { Cue, ScriptMismatch, Speaker, Transcript, Word } from "./cue.js";
export {
  CUE_ALIGNS,
  CUE_POSITIONS,
  editPlainText,
  escapeCueText,
  hasTextStyles,
  keypadAlignment,
  placementFields,
  placementOfKeypad,
  plainCueText,
  replacePlainRanges,
  restyleText,
  shownCues,
  sliceStyled,
  styledRuns,
  stylesOver,
  TEXT_STYLES,
  toggleStyle,
  withoutStyles,
  writeRuns,
  type CueAlign,
  type CuePosition,
  type RunWriter,
  type StyledRun,
  type TextStyle,
} from "./cue-styling.js";
export {
  formatTimecode,
  isStrictTimecode,
  parseTimecode,
  type TimecodeSeparator,
} from "./timecode.js";
export { readSrt, readSrtWithSpeakers, writeSrt } from "./srt.js";
export { readVtt, readVttWithSpeakers, writeVtt } from "./vtt.js";
export {
  defaultSpeakerName,
  speakerDisplayName,
  type SpeakerNaming,
  type SpeakerOutput,
} from "./speaker-names.js";
export { cuesFromPlainText, writeTxt } from "./txt.js";
export { readJson, TranscriptJsonError, writeJson } from "./json.js";
export { sortCues } from "./cue-order.js";
export { cuesWithText, isEmptyCue } from "./empty-cues.js";
export { validateCues, type CueIssue, type CueIssueCode } from "./cue-validation.js";
export { downloadFileName, unicodeDownloadFileName } from "./download-file-name.js";
export { breaksAnywhere, isCjkChar, isCjkText } from "./cjk.js";
export { canBreakBetween, isNoLineStart } from "./line-break-rules.js";
export { displayLength, joinLines } from "./text-measure.js";
export { breakLines, fitsLines, type LineLimits } from "./break-lines.js";
export { splitAtBreaks, type LineText } from "./break-points.js";
export { lineBalanceCost, wordBreakCost } from "./line-costs.js";
export { functionWordsFor, type FunctionWords } from "./function-words.js";
export { PHRASE_BREAK_COST, phraseBreakCost } from "./phrase-rules.js";
export { splitWords } from "./word-segments.js";
export { isCjkLanguage } from "./cjk-languages.js";
export { IMPORT_FORMATS, MAX_IMPORT_BYTES, type ImportFormat } from "./import/import-formats.js";
export {
  DEFAULT_STYLE,
  isStyleName,
  STYLE_NAMES,
  STYLE_PRESETS,
  styleLimits,
  type ScriptLimits,
  type StyleName,
  type StylePreset,
} from "./style-presets.js";
export {
  applyFixes,
  CHECK_KINDS,
  checkCues,
  type CheckFix,
  type CheckIssue,
  type CheckKind,
  type CheckOptions,
  type Misspelling,
} from "./quality-checks.js";
export {
  DEFAULT_SHOT_CHANGE_RULES,
  snapToShotChanges,
  type ShotChangeRules,
  type SnapOptions,
} from "./shot-changes.js";
export {
  DEFAULT_MIN_GAP_FRAMES,
  gapFix,
  keepMinimumGap,
  minimumGapMs,
  type GapFix,
} from "./minimum-gap.js";
export {
  CJK_MAX_CHARS_PER_LINE,
  charactersPerSecond,
  DEFAULT_READING_LIMITS,
  readingIssues,
  type ReadingIssue,
  type ReadingIssueCode,
  type ReadingLimits,
} from "./reading-limits.js";
export {
  bilingualCues,
  translationTrack,
  withTranslations,
  type BilingualLimits,
} from "./bilingual.js";
