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
 * Where OpenCC's cn → hk conversion writes Cantonese wrongly: it converts Simplified as if it were
 * written Chinese, so the copula 系 ("is", Traditional 係) stays 系, and 野 ("thing" in
 * 口語, written 嘢) stays 野. Each rule: the pattern and its replacement. Words where 系 is
 * "system/series" (系統, 系列, 體系, 星系, 關係 already converted...) are left alone.
 */
export const CANTONESE_FIX_UPS: ReadonlyArray<readonly [RegExp, string]> = [
  // 系 as "is": not inside the written-Chinese words that really use 系.
  [/(?<![體派星語水譜直旁父母科學銀河太陽])系(?![統统列數数譜谱])/gu, "係"],
  // 嘢 ("thing") after the words it follows in speech; 野 stays in 野生, 田野, 野心...
  [/(乜|咩|啲|做|食|買|睇|講|飲|好|有|冇|嘅|件|樣)野/gu, "$1嘢"],
  // 晒 ("all"), often written 哂.
  [/哂/gu, "晒"],
];

/**
 * Cantonese as spoken (口語), in Traditional characters for Hong Kong: OpenCC cn → hk, then the
 * Cantonese fix-ups above. Text already in Traditional characters is kept.
 */
export function convertCantonese(text: string): string {
  let converted = convertChineseScript(text, "hk");
  for (const [pattern, replacement] of CANTONESE_FIX_UPS) {
    converted = converted.replace(pattern, replacement);
  }
  return converted;
}
