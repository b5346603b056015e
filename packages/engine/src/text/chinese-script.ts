// The script conversion lives with the subtitle formats, so the web editor converts a finished
// transcript with the very rules the engine applies while transcribing.
export {
  CANTONESE_FIX_UPS,
  CANTONESE_FIX_UPS_AFTER_OPENCC,
  CHINESE_SCRIPTS,
  convertCantonese,
  convertChineseScript,
  isChineseLanguage,
  type ChineseScript,
} from "@verbatim/subtitles/chinese-script";
