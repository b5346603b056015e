/** The words a transcript document prints around the text, in the export's language. */
export interface DocumentLabels {
  transcript: string;
  date: string;
  duration: string;
  language: string;
  /** A bilingual transcript's second language. */
  translation: string;
  speakers: string;
  /** What follows a label: ": " in English, a full-width colon in Chinese. */
  colon: string;
  /** "Page 3 of 7" from the page and the count. */
  page(current: string, total: string): string;
  /** "1 h 02 min 05 s" style length. */
  length(ms: number): string;
  /** A language's name in the reader's language ("sv": "Swedish", "瑞典文"); else its code. */
  languageName(code: string): string;
}

const ENGLISH: DocumentLabels = {
  transcript: "Transcript",
  date: "Date",
  duration: "Duration",
  language: "Language",
  translation: "Translation",
  speakers: "Speakers",
  colon: ": ",
  page: (current, total) => `Page ${current} of ${total}`,
  length: (ms) => lengthText(ms, ["h", "min", "s"], " "),
  languageName: (code) => languageName(code, "en"),
};

const CHINESE: DocumentLabels = {
  transcript: "文字稿",
  date: "日期",
  duration: "長度",
  language: "語言",
  translation: "翻譯",
  speakers: "講者",
  colon: "：",
  page: (current, total) => `第 ${current} 頁，共 ${total} 頁`,
  length: (ms) => lengthText(ms, ["小時", "分", "秒"], ""),
  languageName: (code) => languageName(code, "zh-HK"),
};

/** Labels for a locale: Traditional Chinese for "zh…", English otherwise. */
export function documentLabels(locale: string | undefined): DocumentLabels {
  return locale !== undefined && /^zh\b/i.test(locale) ? CHINESE : ENGLISH;
}

/** The date a transcript was made, as `YYYY-MM-DD` (UTC). */
export function documentDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A language's name in words (Intl.DisplayNames: "yue" is "Cantonese", "廣東話"); the code as
 * given where the runtime has no name for it or it is not a language tag.
 */
function languageName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: "language", fallback: "none" }).of(code);
    return name ?? code;
  } catch {
    return code; // not a well-formed language tag
  }
}

function lengthText(ms: number, [h, m, s]: readonly string[], space: string): string {
  const total = Math.round(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor(total / 60) % 60;
  const seconds = total % 60;
  const parts = [];
  if (hours > 0) parts.push(`${hours}${space}${h}`);
  if (hours > 0 || minutes > 0) parts.push(`${minutes}${space}${m}`);
  parts.push(`${seconds}${space}${s}`);
  return parts.join(" ");
}
