import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { call } from "../../api/call";
import { ApiError } from "../../api/client";
import { queryKeys } from "../../api/queries";
import type { Team } from "../../api/types";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toast-store";
import { fetchExport, saveFile } from "../workspace/download-export";
import { ConfirmDialog } from "./confirm-dialog";
import type { HistoryItem } from "./use-history";
import { deleteLater, UNDO_DELETE_MS, undoDelete } from "./pending-deletions";
import { errorText } from "../../api/error-text";
import { ShareDialog } from "../sharing/share-dialog";
import { MoveToTeamDialog } from "../teams/move-to-team";

/**
 * What a row's actions may offer: `allowed`, the caller's row of the team table for a team's
 * History (null: one's own, everything); `teams`, the teams one's own may be moved into.
 */
export interface RowAccess {
  allowed: readonly string[] | null;
  teams: readonly Team[];
}

/** Open, download, share, rename, delete and move to a team for one row. */
export function HistoryActions({
  item,
  access = { allowed: null, teams: [] },
}: {
  item: HistoryItem;
  access?: RowAccess;
}) {
  const may = (action: string) => access.allowed === null || access.allowed.includes(action);
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const [name, setName] = useState(item.fileName);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.transcriptions });
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast({ title: done, variant: "success" });
      setDialog(null);
      await refresh();
    } catch (error) {
      toast({
        title: errorText(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };
  const handleDownload = async () => {
    try {
      const file = await fetchExport(item.id, "srt");
      saveFile(file.text, file.fileName);
    } catch (error) {
      toast({
        title: t("workspace.download.failed"),
        description: errorText(error),
        variant: "destructive",
      });
    }
  };
  const rename = () =>
    void run(
      () =>
        call("updateTranscription", {
          params: { id: item.id },
          body: { fileName: name.trim() },
        }),
      t("workspace.history.renamed"),
    );
  const running = item.status === "queued" || item.status === "processing";
  return (
    <div className="flex flex-wrap gap-2">
      {(item.status === "completed" || running) && (
        <Button asChild size="sm" variant="outline">
          <Link to={`/?job=${item.id}`}>{t("workspace.history.open")}</Link>
        </Button>
      )}
      {item.status === "completed" && (
        <Button size="sm" variant="ghost" onClick={() => void handleDownload()}>
          {t("workspace.history.download")}
        </Button>
      )}
      {item.status === "completed" && may("share") && (
        <ShareDialog transcriptionId={item.id} variant="ghost" />
      )}
      {may("edit") && (
        <Button size="sm" variant="ghost" onClick={() => setDialog("rename")}>
          {t("workspace.history.rename")}
        </Button>
      )}
      {item.teamId === null && access.teams.length > 0 && (
        <MoveToTeamDialog item={item} teams={access.teams} />
      )}
      {may("delete") && (
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700"
          onClick={() => setDialog("delete")}
        >
          {t("workspace.history.delete")}
        </Button>
      )}
      <ConfirmDialog
        open={dialog === "rename"}
        onOpenChange={(open) => setDialog(open ? "rename" : null)}
        title={t("workspace.history.rename")}
        confirmLabel={t("common.save")}
        busy={busy || name.trim() === ""}
        onConfirm={rename}
      >
        <label htmlFor={`rename-${item.id}`} className="mb-1.5 block font-medium">
          {t("workspace.history.renameLabel", { name: item.fileName })}
        </label>
        <Input
          id={`rename-${item.id}`}
          value={name}
          maxLength={255}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            // Enter saves, as in any form with one field.
            if (event.key !== "Enter" || busy || name.trim() === "") return;
            event.preventDefault();
            rename();
          }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
        title={t("workspace.history.deleteTitle")}
        confirmLabel={t("workspace.history.delete")}
        destructive
        busy={busy}
        onConfirm={() => {
          setDialog(null);
          deleteLater(item.id, {
            onDone: () => void refresh(),
            onFailed: (error) =>
              toast({
                title: t("workspace.history.deleteFailed", { name: item.fileName }),
                description: error instanceof ApiError ? errorText(error) : undefined,
                variant: "destructive",
              }),
          });
          toast({
            title: t("workspace.history.deleted"),
            description: item.fileName,
            durationMs: UNDO_DELETE_MS,
            action: {
              label: t("workspace.history.undoDelete"),
              run: () => {
                if (undoDelete(item.id)) toast({ title: t("workspace.history.restored") });
              },
            },
          });
        }}
      >
        {t("workspace.history.deleteText", { name: item.fileName })}
      </ConfirmDialog>
    </div>
  );
}
