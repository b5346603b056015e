import * as OpenCC from "opencc-js";

/** Chinese output scripts: Traditional (Hong Kong), Traditional (Taiwan), Simplified. */
export type ChineseScript = "hk" | "tw" | "cn";

export const CHINESE_SCRIPTS: readonly ChineseScript[] = ["hk", "tw", "cn"];

const converters = new Map<ChineseScript, (text: string) => string>();

/**
 * Converts Chinese text to the requested script with OpenCC. Whisper writes Chinese in
 * whichever script it saw most in training (often Simplified), so Hong Kong users need this.
 * From "cn" (which also covers mixed input) so that already-Traditional text is kept.
 */
export function convertChineseScript(text: string, script: ChineseScript): string {
  let convert = converters.get(script);
  if (!convert) {
    const made =
      script === "cn"
        ? OpenCC.Converter({ from: "hk", to: "cn" })
        : OpenCC.Converter({ from: "cn", to: script === "hk" ? "hk" : "twp" });
    convert = (value: string) => made(value);
    converters.set(script, convert);
  }
  return convert(text);
}

/** Whether a language code is Chinese (whisper uses "zh"; Cantonese is "yue"). */
export function isChineseLanguage(language: string | null | undefined): boolean {
  return language === "zh" || language === "yue";
}

/**
 * Cantonese words that OpenCC's cn → hk conversion gets wrong, because it converts Simplified as
 * written Chinese: the copula 系 ("is", written 係) becomes 系 or even 繫 (to tie), and 野
 * ("thing" in 口語, written 嘢) stays 野. Applied to the Simplified text before OpenCC (which
 * keeps 係, 嘢 and 晒 as they are). Each rule: pattern and replacement; both Simplified and
 * Traditional context characters are listed, so text already in Traditional is fixed too.
 */
export const CANTONESE_FIX_UPS: ReadonlyArray<readonly [RegExp, string]> = [
  // 系 as "is", but not in the words where 系/繫 is right: 系统 系列 系数 谱系, 体系 派系 星系
  // 语系 水系 直系 旁系 父系 母系 科系 学系 银河系 太阳系, 关系 联系 维系.
  [/(?<![体體派星语語水谱譜直旁父母科学學河阳陽关關联聯维維])系(?![统統列数數谱譜])/gu, "係"],
  // 嘢 ("thing") after the words it follows in speech; 野 stays in 野生, 田野, 野心...
  [/(乜|咩|啲|做|食|买|買|睇|讲|講|饮|飲|好|有|冇|嘅|件|样|樣)野/gu, "$1嘢"],
  // 晒 ("all"), often written 哂.
  [/哂/gu, "晒"],
];

/**
 * After OpenCC: it writes the Simplified 晒 as 曬 (to dry in the sun), but in speech 晒 is
 * mostly "all" (唔該晒, 食晒): 曬 stays only where it is drying or showing off (曬衫, 曬太陽,
 * 曬乾, 曬黑, 曬相, 曬命).
 */
export const CANTONESE_FIX_UPS_AFTER_OPENCC: ReadonlyArray<readonly [RegExp, string]> = [
  [/曬(?![衫太乾黑相命])/gu, "晒"],
];

/**
 * Cantonese as spoken (口語), in Traditional characters for Hong Kong: the Cantonese fix-ups
 * above, OpenCC cn → hk, then the fix-ups of what OpenCC writes. Traditional text is kept.
 */
export function convertCantonese(text: string): string {
  let fixed = text;
  for (const [pattern, replacement] of CANTONESE_FIX_UPS) {
    fixed = fixed.replace(pattern, replacement);
  }
  let converted = convertChineseScript(fixed, "hk");
  for (const [pattern, replacement] of CANTONESE_FIX_UPS_AFTER_OPENCC) {
    converted = converted.replace(pattern, replacement);
  }
  return converted;
}
