import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { Page } from "../components/ui/page";

/** Any other path. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t("notFound.title")} width="narrow">
      <p className="text-zinc-700">{t("notFound.text")}</p>
      <Button asChild className="mt-6">
        <Link to={paths.home}>{t("notFound.home")}</Link>
      </Button>
    </Page>
  );
}
