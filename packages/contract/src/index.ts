export {
  MINUTE_PACKS,
  PAID_PLANS,
  PLAN_TYPES,
  PLANS,
  savingPercent,
  type PackSize,
  type PaidPlan,
  type Plan,
  type PlanType,
} from "./plans.js";
export { ACTIVE_JOB_STATUSES, JOB_STATUSES, type JobStatus } from "./jobs.js";
export {
  formatSpeakersOption,
  MAX_SPEAKERS,
  MAX_VOICES,
  parseSpeakersOption,
  SPEAKERS_OPTION_RULE,
  type SpeakersOption,
} from "./speakers.js";
