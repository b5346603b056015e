import en from "./translations/en";
import zhHK from "./translations/zh-HK";

/**
 * Both languages at once, for what runs outside a browser (prerendering at build time, tests).
 * The browser loads only the language it shows (./index.ts).
 */
export const resources = { en: { translation: en }, "zh-HK": { translation: zhHK } } as const;
