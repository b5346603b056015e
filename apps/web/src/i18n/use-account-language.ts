import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../api/call";
import { useSession } from "../auth/session";

/** What this tab last told the server, so a page load does not send it again. */
const SENT_KEY = "accountLanguageSent";

/**
 * Keeps the signed-in account's language (its e-mails, the payment page) the same as the
 * interface's: sent when the user signs in and whenever they switch languages.
 */
export function useAccountLanguage(): void {
  const { i18n } = useTranslation();
  const { token } = useSession();
  const language = i18n.language;
  useEffect(() => {
    if (!token || (language !== "en" && language !== "zh-HK")) return;
    const sent = `${token.slice(-12)}:${language}`;
    if (sessionStorage.getItem(SENT_KEY) === sent) return;
    void call("setLanguage", { body: { language } }).then(
      () => sessionStorage.setItem(SENT_KEY, sent),
      () => undefined, // tried again on the next change or page load
    );
  }, [token, language]);
}
