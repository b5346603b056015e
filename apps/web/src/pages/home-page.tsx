import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../auth/session";
import { withAppTexts } from "../i18n";
import { VisitorHome } from "../features/marketing/visitor-home";

// The workspace (upload, editor) is its own chunk, with the app's texts: a visitor's landing
// page carries neither.
const Workspace = lazy(async () => ({
  default: (await withAppTexts(import("../features/workspace/workspace"))).Workspace,
}));

/** `/`: the marketing home for visitors, the transcription workspace when signed in. */
export default function HomePage() {
  const { token } = useSession();
  const { t } = useTranslation();
  useEffect(() => {
    document.title =
      `${t("common.appName")}: ${t("marketing.home.documentTitle", { defaultValue: "" })}`.replace(
        /: $/,
        "",
      );
  }, [t]);
  return token ? (
    <Suspense fallback={null}>
      <Workspace />
    </Suspense>
  ) : (
    <VisitorHome />
  );
}
