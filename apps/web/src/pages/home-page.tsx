import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../auth/session";
import { VisitorHome } from "../features/marketing/visitor-home";
import { Workspace } from "../features/workspace/workspace";

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
  return token ? <Workspace /> : <VisitorHome />;
}
