import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorText } from "../../api/error-text";
import type { TeamDetail, TeamRoleName } from "../../api/types";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toast-store";
import { ConfirmDialog } from "../history/confirm-dialog";
import {
  useChangeRole,
  useDeleteTeam,
  useInvitations,
  useInvite,
  useLeaveTeam,
  useMembers,
  useRemoveMember,
  useUsage,
  useWithdrawInvitation,
} from "./api";
import { ASSIGNABLE_TEAM_ROLES, ranksBelow } from "@verbatim/contract";

const SELECT =
  "h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600";

/** One team: its History, members and roles, invitations, usage, leave and delete. */
export function TeamPanel({ team, onGone }: { team: TeamDetail; onGone(): void }) {
  const { t } = useTranslation();
  const allowed = new Set(team.allowed);
  const members = useMembers(team.id);
  const invitations = useInvitations(team.id, allowed.has("invite"));
  const usage = useUsage(team.id, allowed.has("pay"));
  const invite = useInvite(team.id);
  const withdraw = useWithdrawInvitation(team.id);
  const changeRole = useChangeRole(team.id);
  const remove = useRemoveMember(team.id);
  const leave = useLeaveTeam(team.id);
  const deleteTeam = useDeleteTeam(team.id);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<(typeof ASSIGNABLE_TEAM_ROLES)[number]>("member");
  const [dialog, setDialog] = useState<"leave" | "delete" | null>(null);
  const failed = (error: unknown) => toast({ title: errorText(error), variant: "destructive" });
  const roleName = (name: TeamRoleName) => t(`teams.roles.${name}`);
  const canManage = (target: TeamRoleName) =>
    allowed.has("manageMembers") && ranksBelow(target, team.role);
  const givable = ASSIGNABLE_TEAM_ROLES.filter((name) => ranksBelow(name, team.role));

  const submitInvite = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          toast({ title: t("teams.invite.sent", { email: email.trim() }), variant: "success" });
          setEmail("");
        },
        onError: failed,
      },
    );
  };

  return (
    <section aria-labelledby="team-title" className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="team-title" className="text-2xl font-semibold text-zinc-900">
            {team.name}
          </h2>
          <p className="text-sm text-zinc-600">
            {t("teams.yourRole", { role: roleName(team.role) })} ·{" "}
            {t("teams.memberCount", { count: team.memberCount })} ·{" "}
            {t("teams.transcriptionCount", { count: team.transcriptionCount })}
          </p>
          {!allowed.has("pay") && (
            <p className="text-sm text-zinc-600">
              {t("teams.poolLeft", {
                plan: team.pool.credits,
                packs: team.pool.additionalCredits,
              })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {allowed.has("upload") && (
            <Button asChild>
              <Link to={`${paths.home}?team=${team.id}`}>{t("teams.upload.button")}</Link>
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to={`${paths.history}?team=${team.id}`}>{t("teams.history")}</Link>
          </Button>
        </div>
      </div>

      <div>
        <h3 className="mb-3 text-lg font-semibold text-zinc-900">{t("teams.members.title")}</h3>
        {members.isPending && <p className="text-zinc-600">{t("common.loading")}</p>}
        <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200">
          {members.data?.map((member) => (
            <li
              key={member.userId}
              className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
            >
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-medium break-words text-zinc-900">
                  {member.name ?? member.email}
                </p>
                <p className="text-sm break-all text-zinc-600">{member.email}</p>
              </div>
              <div className="flex items-center gap-2">
                {canManage(member.role) ? (
                  <>
                    <label className="sr-only" htmlFor={`role-${member.userId}`}>
                      {t("teams.members.roleOf", { name: member.name ?? member.email })}
                    </label>
                    <select
                      id={`role-${member.userId}`}
                      className={SELECT}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) =>
                        changeRole.mutate(
                          {
                            userId: member.userId,
                            role: event.target.value as (typeof ASSIGNABLE_TEAM_ROLES)[number],
                          },
                          { onError: failed },
                        )
                      }
                    >
                      {givable.map((name) => (
                        <option key={name} value={name}>
                          {roleName(name)}
                        </option>
                      ))}
                    </select>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(member.userId, { onError: failed })}
                    >
                      {t("teams.members.remove")}
                    </Button>
                  </>
                ) : (
                  <span className="rounded-full bg-zinc-100 px-2 py-1 text-xs font-medium text-zinc-800">
                    {roleName(member.role)}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>

      {allowed.has("invite") && (
        <div>
          <h3 className="mb-3 text-lg font-semibold text-zinc-900">{t("teams.invite.title")}</h3>
          <form onSubmit={submitInvite} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <label htmlFor="invite-email" className="mb-1.5 block text-sm font-medium">
                {t("teams.invite.email")}
              </label>
              <Input
                id="invite-email"
                type="email"
                required
                maxLength={254}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <div>
              <label htmlFor="invite-role" className="mb-1.5 block text-sm font-medium">
                {t("teams.invite.role")}
              </label>
              <select
                id="invite-role"
                className={`${SELECT} h-10 w-full`}
                value={role}
                onChange={(event) =>
                  setRole(event.target.value as (typeof ASSIGNABLE_TEAM_ROLES)[number])
                }
              >
                {givable.map((name) => (
                  <option key={name} value={name}>
                    {roleName(name)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" disabled={invite.isPending || email.trim() === ""}>
              {t("teams.invite.send")}
            </Button>
          </form>
          <p className="mt-2 text-sm text-zinc-600">{t("teams.invite.hint")}</p>
          {invitations.data && invitations.data.length > 0 && (
            <ul className="mt-4 divide-y divide-zinc-200 rounded-xl border border-zinc-200">
              {invitations.data.map((invitation) => (
                <li
                  key={invitation.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm"
                >
                  <span className="break-all">
                    {invitation.email} · {roleName(invitation.role)} · {t("teams.invite.pending")}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => withdraw.mutate(invitation.id, { onError: failed })}
                  >
                    {t("teams.invite.withdraw")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {allowed.has("pay") && usage.data && (
        <div>
          <h3 className="mb-1 text-lg font-semibold text-zinc-900">{t("teams.usage.title")}</h3>
          <p className="mb-3 text-sm text-zinc-600">
            {t("teams.usage.pool", {
              plan: usage.data.credits,
              packs: usage.data.additionalCredits,
            })}
          </p>
          <div className="overflow-x-auto rounded-xl border border-zinc-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-zinc-50 text-zinc-700">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("teams.usage.member")}
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("teams.usage.minutes")}
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("teams.usage.transcriptions")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200">
                {usage.data.members.map((member) => (
                  <tr key={member.userId}>
                    <th scope="row" className="px-4 py-2 font-medium break-all text-zinc-900">
                      {member.name ?? member.email}
                      {!member.current && (
                        <span className="ml-1 text-zinc-500">({t("teams.usage.former")})</span>
                      )}
                    </th>
                    <td className="px-4 py-2">{Math.ceil(member.chargedSeconds / 60)}</td>
                    <td className="px-4 py-2">{member.transcriptions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      <div className="flex flex-wrap gap-3 border-t border-zinc-200 pt-6">
        {allowed.has("leave") && (
          <Button variant="outline" onClick={() => setDialog("leave")}>
            {t("teams.leave.button")}
          </Button>
        )}
        {allowed.has("deleteTeam") && (
          <Button variant="destructive" onClick={() => setDialog("delete")}>
            {t("teams.delete.button")}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={dialog === "leave"}
        onOpenChange={(open) => setDialog(open ? "leave" : null)}
        title={t("teams.leave.title", { name: team.name })}
        confirmLabel={t("teams.leave.button")}
        busy={leave.isPending}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              setDialog(null);
              onGone();
            },
            onError: failed,
          })
        }
      >
        {t("teams.leave.text")}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
        title={t("teams.delete.title", { name: team.name })}
        confirmLabel={t("teams.delete.confirm", { count: team.transcriptionCount })}
        destructive
        busy={deleteTeam.isPending}
        onConfirm={() =>
          deleteTeam.mutate(team.transcriptionCount, {
            onSuccess: () => {
              setDialog(null);
              toast({ title: t("teams.delete.done", { name: team.name }), variant: "success" });
              onGone();
            },
            onError: failed,
          })
        }
      >
        {t("teams.delete.warning", { count: team.transcriptionCount })}
      </ConfirmDialog>
    </section>
  );
}
