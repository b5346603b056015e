import { WHISPER_LANGUAGES } from "@verbatim/contract";

// The languages the Whisper model knows (the API accepts these codes), by code; names come
// from the browser in the interface language. A browser without a name for one (Chromium has
// none for Bashkir and Tibetan) shows the name below, never a bare code.
const CODES = Object.keys(WHISPER_LANGUAGES);

/** Chinese names for the less common languages a browser's locale data may lack. */
// prettier-ignore
const CHINESE_NAMES: Readonly<Record<string, string>> = {
  as: "阿薩姆文", ba: "巴什基爾文", bo: "藏文", br: "布列塔尼文", fo: "法羅文", ha: "豪撒文",
  haw: "夏威夷文", ht: "海地克里奧爾文", jw: "爪哇文", la: "拉丁文", lb: "盧森堡文",
  ln: "林加拉文", mg: "馬拉加斯文", mi: "毛利文", mt: "馬耳他文", my: "緬甸文", nn: "新挪威文",
  oc: "奧克文", ps: "普什圖文", sa: "梵文", sd: "信德文", sn: "修納文", so: "索馬里文",
  su: "巽他文", tg: "塔吉克文", tk: "土庫曼文", tl: "他加祿文", tt: "韃靼文", yi: "意第緒文",
  yo: "約魯巴文", yue: "廣東話",
};

/** Codes with their names in `locale`, sorted by name. */
export function spokenLanguages(locale: string): { code: string; name: string }[] {
  const nameOf = languageNamer(locale);
  return CODES.map((code) => ({ code, name: nameOf(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/**
 * Names a spoken language's code in words in `locale` (the interface's): "yue" is
 * "Cantonese" or "廣東話", "sv" "Swedish" or "瑞典文"; never a bare code for one the engine knows.
 */
export function languageNamer(locale: string): (code: string) => string {
  let namer = namers.get(locale);
  if (!namer) {
    namer = makeNamer(locale);
    namers.set(locale, namer);
  }
  return namer;
}

/** One namer per locale: Intl.DisplayNames is slow to build, and lists name a language a row. */
const namers = new Map<string, (code: string) => string>();

function makeNamer(locale: string): (code: string) => string {
  const names = new Intl.DisplayNames([locale], { type: "language" });
  const chinese = locale.toLowerCase().startsWith("zh");
  const fallback = (code: string) =>
    (chinese ? CHINESE_NAMES[code] : undefined) ?? WHISPER_LANGUAGES[code] ?? code;
  return (code: string) => {
    const asked = code === "jw" ? "jv" : code;
    try {
      const name = names.of(asked);
      return name && name !== asked ? name : fallback(code);
    } catch {
      return fallback(code);
    }
  };
}

/**
 * The languages listed first, in the interface's order: Cantonese (written as spoken) and
 * Chinese (written) near the top for Hong Kong, beside English.
 */
export function pinnedLanguages(locale: string): readonly string[] {
  return locale.toLowerCase().startsWith("zh") ? ["yue", "zh", "en"] : ["en", "yue", "zh"];
}
