import { convertCantonese, convertChineseScript, type ChineseScript } from "../chinese-script.js";

// Chinese targets go through the same OpenCC conversion as transcripts: a model writes
// whichever script it saw most, so Traditional targets (Hong Kong, Taiwan) are converted after
// the model has answered and no Simplified character reaches the track; Hong Kong's spoken
// Cantonese (口語) gets the Cantonese fix-ups too.

/** For Hong Kong Chinese: written Chinese (書面語) or Cantonese as spoken (口語). */
export const CHINESE_REGISTERS = ["written", "spoken"] as const;
export type ChineseRegister = (typeof CHINESE_REGISTERS)[number];

/** How the translation into a Chinese target is written. */
export interface ChineseTarget {
  script: ChineseScript;
  /** Cantonese as spoken (口語) rather than written Chinese. */
  spoken: boolean;
}

/**
 * The script and register a BCP-47 target asks for; null for a language that is not Chinese or
 * a bare `zh` (no script named: the model's own is kept). `yue` is Cantonese as spoken in Hong
 * Kong's characters; `zh-HK` is written Chinese unless `register` is `spoken`.
 */
export function chineseTarget(language: string, register?: ChineseRegister): ChineseTarget | null {
  const parts = language.toLowerCase().split(/[-_]/);
  const [base] = parts;
  if (base === "yue") {
    return { script: parts.includes("hans") || parts.includes("cn") ? "cn" : "hk", spoken: true };
  }
  if (base !== "zh") return null;
  if (parts.includes("hans") || parts.includes("cn") || parts.includes("sg")) {
    return { script: "cn", spoken: false };
  }
  if (parts.includes("tw")) return { script: "tw", spoken: false };
  if (parts.includes("hk") || parts.includes("mo")) {
    return { script: "hk", spoken: register === "spoken" };
  }
  if (parts.includes("hant")) return { script: "tw", spoken: false };
  return null;
}

/** The translation written in the target's script (unchanged for targets that are not Chinese). */
export function inTargetScript(text: string, target: ChineseTarget | null): string {
  if (!target) return text;
  if (target.spoken && target.script === "hk") return convertCantonese(text);
  return convertChineseScript(text, target.script);
}
