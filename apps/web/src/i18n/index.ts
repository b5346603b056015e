import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import enAccount from "./locales/en/account.json";
import enAdmin from "./locales/en/admin.json";
import enBilling from "./locales/en/billing.json";
import enCommon from "./locales/en/common.json";
import enDevelopers from "./locales/en/developers.json";
import enEditor from "./locales/en/editor.json";
import enErrors from "./locales/en/errors.json";
import enLegal from "./locales/en/legal.json";
import enMarketing from "./locales/en/marketing.json";
import enWorkspace from "./locales/en/workspace.json";
import zhAccount from "./locales/zh-HK/account.json";
import zhAdmin from "./locales/zh-HK/admin.json";
import zhBilling from "./locales/zh-HK/billing.json";
import zhCommon from "./locales/zh-HK/common.json";
import zhDevelopers from "./locales/zh-HK/developers.json";
import zhEditor from "./locales/zh-HK/editor.json";
import zhErrors from "./locales/zh-HK/errors.json";
import zhLegal from "./locales/zh-HK/legal.json";
import zhMarketing from "./locales/zh-HK/marketing.json";
import zhWorkspace from "./locales/zh-HK/workspace.json";
import { initialLanguage, storeLanguage, type Language } from "./language";

// Every visible string, in both languages, one file per area of the app with the same keys.
const en = {
  ...enCommon,
  ...enMarketing,
  ...enLegal,
  ...enAccount,
  ...enBilling,
  ...enAdmin,
  ...enWorkspace,
  ...enEditor,
  ...enDevelopers,
  ...enErrors,
};
const zhHK = {
  ...zhCommon,
  ...zhMarketing,
  ...zhLegal,
  ...zhAccount,
  ...zhBilling,
  ...zhAdmin,
  ...zhWorkspace,
  ...zhEditor,
  ...zhDevelopers,
  ...zhErrors,
};

export const resources = { en: { translation: en }, "zh-HK": { translation: zhHK } } as const;

/** Starts i18next in the preferred language and keeps `<html lang>` and the preference in step. */
export function setupI18n(language: Language = initialLanguage()) {
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  i18n.on("languageChanged", (next) => {
    document.documentElement.lang = next;
    if (next === "en" || next === "zh-HK") storeLanguage(next);
  });
  return i18n;
}
