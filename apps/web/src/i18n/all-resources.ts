import enApp from "./translations/en-app";
import enPublic from "./translations/en-public";
import { mergeAreas } from "./translations/merge-areas";
import zhHKApp from "./translations/zh-HK-app";
import zhHKPublic from "./translations/zh-HK-public";

/**
 * Both languages with every text, under i18next's one default namespace, for what runs outside a
 * browser (tests). The browser loads the public part first and the rest when needed (./index.ts).
 */
export const resources = {
  en: { translation: mergeAreas({ public: enPublic, app: enApp }) },
  "zh-HK": { translation: mergeAreas({ public: zhHKPublic, app: zhHKApp }) },
} as const;

/**
 * Only the public part: the prerendering renders with it, so a public page that uses any other
 * text fails the build instead of making its visitors download the app's texts.
 */
export const publicResources = {
  en: { translation: enPublic },
  "zh-HK": { translation: zhHKPublic },
} as const;
