import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorText } from "../../api/error-text";
import { paths } from "../../app/paths";
import { useTeam } from "./api";

/** Says, above the upload, that the file goes into a team and whose minutes pay. */
export function TeamUploadBanner({ teamId }: { teamId: string }) {
  const { t } = useTranslation();
  const team = useTeam(teamId);
  if (team.isError) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        {errorText(team.error)}{" "}
        <Link to={paths.home} className="underline">
          {t("teams.upload.own")}
        </Link>
      </p>
    );
  }
  if (!team.data) return null;
  return (
    <p role="status" className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-900">
      {t("teams.upload.into", { name: team.data.name })}{" "}
      <Link to={paths.home} className="font-medium underline">
        {t("teams.upload.own")}
      </Link>
    </p>
  );
}
