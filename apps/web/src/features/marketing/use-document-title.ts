import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets "<title> | Verbatim" (for pages that draw their own h1 instead of using <Page>). */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} | ${t("common.appName")}`;
  }, [title, t]);
}
