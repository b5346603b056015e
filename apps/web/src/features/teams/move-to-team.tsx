import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/error-text";
import type { Team, TranscriptionSummary } from "../../api/types";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast-store";
import { ConfirmDialog } from "../history/confirm-dialog";
import { useMoveToTeam } from "./api";

/** "Move to team" for one of the user's own transcriptions: explicit, with the team chosen. */
export function MoveToTeamDialog({
  item,
  teams,
}: {
  item: TranscriptionSummary;
  teams: readonly Team[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [teamId, setTeamId] = useState(teams[0]?.id ?? "");
  const move = useMoveToTeam();
  const team = teams.find((candidate) => candidate.id === teamId);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        {t("teams.move.button")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("teams.move.title")}
        confirmLabel={t("teams.move.confirm")}
        busy={move.isPending || !team}
        onConfirm={() =>
          move.mutate(
            { transcriptionId: item.id, teamId },
            {
              onSuccess: () => {
                setOpen(false);
                toast({ title: t("teams.move.done", { team: team?.name }), variant: "success" });
              },
              onError: (error) => toast({ title: errorText(error), variant: "destructive" }),
            },
          )
        }
      >
        <p className="mb-3">{t("teams.move.text", { name: item.fileName })}</p>
        <label htmlFor={`move-${item.id}`} className="mb-1.5 block font-medium">
          {t("teams.move.team")}
        </label>
        <select
          id={`move-${item.id}`}
          value={teamId}
          onChange={(event) => setTeamId(event.target.value)}
          className="h-10 w-full rounded-md border border-zinc-300 bg-white px-2 text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {teams.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </ConfirmDialog>
    </>
  );
}
