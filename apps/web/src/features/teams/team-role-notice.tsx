import { useTranslation } from "react-i18next";
import { useTeam } from "./api";

/**
 * Above the editor of a team's transcription: says whose it is, and, for a role that may not
 * edit (a viewer), that changes cannot be saved and the editor opens read only.
 */
export function TeamRoleNotice({ teamId }: { teamId: string }) {
  const { t } = useTranslation();
  const team = useTeam(teamId);
  if (!team.data) return null;
  const readOnly = !team.data.allowed.includes("edit");
  return (
    <p
      role="status"
      className={
        readOnly
          ? "rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
          : "rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-900"
      }
    >
      {t(readOnly ? "teams.notice.readOnly" : "teams.notice.team", {
        name: team.data.name,
        role: t(`teams.roles.${team.data.role}`),
      })}
    </p>
  );
}
