import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardTitle } from "../../components/ui/card";

/** New transcription and history shortcuts; the Admin Tools card for admins only. */
export function ActionCards({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Card>
        <CardTitle>{t("account.actions.newTitle")}</CardTitle>
        <CardDescription>{t("account.actions.newText")}</CardDescription>
        <Button asChild className="mt-4">
          <Link to={paths.home}>{t("account.actions.newButton")}</Link>
        </Button>
      </Card>
      <Card>
        <CardTitle>{t("account.actions.historyTitle")}</CardTitle>
        <CardDescription>{t("account.actions.historyText")}</CardDescription>
        <Button asChild variant="outline" className="mt-4">
          <Link to={paths.history}>{t("account.actions.historyButton")}</Link>
        </Button>
      </Card>
      {isAdmin && (
        <Card>
          <CardTitle>{t("account.admin.title")}</CardTitle>
          <CardDescription>{t("account.admin.text")}</CardDescription>
          <Button asChild variant="secondary" className="mt-4">
            <Link to={paths.admin}>{t("account.admin.button")}</Link>
          </Button>
        </Card>
      )}
    </>
  );
}
