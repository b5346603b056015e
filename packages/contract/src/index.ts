export {
  MINUTE_PACKS,
  PAID_PLANS,
  PLAN_TYPES,
  PLANS,
  savingPercent,
  SUBSCRIPTION_STATUSES,
  type PackSize,
  type PaidPlan,
  type Plan,
  type PlanType,
  type SubscriptionStatus,
} from "./plans.js";
export { ACTIVE_JOB_STATUSES, JOB_STATUSES, type JobStatus } from "./jobs.js";
export { LANGUAGES, languageFromPreferences, type Language } from "./languages.js";
export { isSupportedLanguage, WHISPER_LANGUAGES } from "./whisper-languages.js";
export {
  canonicalLanguageTag,
  TRANSLATION_LANGUAGES,
  translationLanguageName,
  type TranslationLanguage,
} from "./translation-languages.js";
export {
  MAX_ACTIVE_TRANSLATIONS,
  MAX_TRANSLATE_TO,
  TRANSLATION_MEDIA_SECONDS_PER_CHARGED_SECOND,
  translationCostSeconds,
} from "./translation-cost.js";
export { MODEL_FAMILIES, type ModelFamily } from "./model-families.js";
export {
  ERROR_TABLE,
  errorStatus,
  errorTextFor,
  isErrorCode,
  type ErrorArgs,
  type ErrorCode,
  type ErrorDetails,
  type ErrorEntry,
  type ErrorPlaceholders,
} from "./errors/error-table.js";
export { CONTACT_SUBJECTS, type ContactSubject } from "./contact-subjects.js";
export {
  MAX_API_KEY_NAME,
  MAX_API_KEYS,
  MAX_EXPORT_IDS,
  MAX_GRANT_MINUTES,
  MAX_PROMPT_CHARS,
  MAX_SPEAKER_NAME,
  MAX_SUPPORT_MESSAGE,
  MAX_SHARE_LINKS,
  MAX_SHARE_PASSWORD,
  MAX_COMMENT_CHARS,
  MAX_COMMENTER_NAME,
  MAX_COMMENTS_PER_TRANSCRIPTION,
} from "./limits.js";
export {
  formatSpeakersOption,
  MAX_SPEAKERS,
  MAX_VOICES,
  parseSpeakersOption,
  SPEAKERS_OPTION_RULE,
  type SpeakersOption,
} from "./speakers.js";
export { cleanFileName, MAX_FILE_NAME } from "./file-names.js";
export {
  JOB_OPTIONS_VERSION,
  JobOptions,
  jobOptions,
  KnownVoice,
  readJobOptions,
  SpeakersChoice,
  type JobOptionsInput,
} from "./job-options.js";
export { SUPPORT_HOURS, supportIsOpen } from "./support-hours.js";
export {
  STL_GSI_FIELDS,
  STL_GSI_NAMES,
  StlGsiFields,
  stlInformation,
  type StlGsiValues,
} from "./stl-information.js";
export { ASSIGNABLE_TEAM_ROLES, ranksBelow, TEAM_ROLES, type TeamRole } from "./team-roles.js";
export {
  DEFAULT_FRAME_RATE,
  EXPORT_FORMAT_GROUPS,
  EXPORT_FORMATS,
  FRAME_RATES,
  type ExportFormat,
  type FrameRateName,
} from "./export-formats.js";
export {
  CAPTION_BACKGROUNDS,
  CAPTION_CROPS,
  CAPTION_FONTS,
  CAPTION_MAX_LINES,
  CAPTION_POSITIONS,
  CAPTION_SIZE_PERCENT,
  CAPTION_STYLE_NAMES,
  MAX_ACTIVE_RENDERS,
  RENDER_MEDIA_SECONDS_PER_CHARGED_SECOND,
  renderCostSeconds,
  type CaptionBackground,
  type CaptionCrop,
  type CaptionFont,
  type CaptionPosition,
  type CaptionStyleName,
} from "./caption-styles.js";
export {
  INSIGHT_EXPORT_FORMATS,
  INSIGHT_MEDIA_SECONDS_PER_CHARGED_SECOND,
  INSIGHT_STATUSES,
  type InsightExportFormat,
  type InsightStatus,
  MAX_ACTIVE_INSIGHT_JOBS,
  MAX_QUESTION_CHARS,
  MAX_QUESTION_TRANSCRIPTIONS,
  insightsCostSeconds,
} from "./insights.js";
