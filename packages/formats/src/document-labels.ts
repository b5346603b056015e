/** The words a transcript document prints around the text, in the export's language. */
export interface DocumentLabels {
  transcript: string;
  date: string;
  duration: string;
  language: string;
  speakers: string;
  /** What follows a label: ": " in English, a full-width colon in Chinese. */
  colon: string;
  /** "Page 3 of 7" from the page and the count. */
  page(current: string, total: string): string;
  /** "1 h 02 min 05 s" style length. */
  length(ms: number): string;
}

const ENGLISH: DocumentLabels = {
  transcript: "Transcript",
  date: "Date",
  duration: "Duration",
  language: "Language",
  speakers: "Speakers",
  colon: ": ",
  page: (current, total) => `Page ${current} of ${total}`,
  length: (ms) => lengthText(ms, ["h", "min", "s"], " "),
};

const CHINESE: DocumentLabels = {
  transcript: "文字稿",
  date: "日期",
  duration: "長度",
  language: "語言",
  speakers: "講者",
  colon: "：",
  page: (current, total) => `第 ${current} 頁，共 ${total} 頁`,
  length: (ms) => lengthText(ms, ["小時", "分", "秒"], ""),
};

/** Labels for a locale: Traditional Chinese for "zh…", English otherwise. */
export function documentLabels(locale: string | undefined): DocumentLabels {
  return locale !== undefined && /^zh\b/i.test(locale) ? CHINESE : ENGLISH;
}

/** The date a transcript was made, as `YYYY-MM-DD` (UTC). */
export function documentDate(date: Date): string {
  return date.toISOString().slice(0, 10);
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
