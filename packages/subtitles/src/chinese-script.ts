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
