import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { errorText } from "../api/error-text";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { Page } from "../components/ui/page";
import { toast } from "../components/ui/toast-store";
import { useAcceptInvitation, useCreateTeam, useTeam, useTeams } from "../features/teams/api";
import { TeamPanel } from "../features/teams/team-panel";

/**
 * /teams: the user's teams, a new one, and the chosen team (`?team=`): members and roles,
 * invitations, usage, leave, delete. An invitation's link (`?invitation=`) is accepted here.
 */
export default function TeamsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const teams = useTeams();
  const chosen = params.get("team");
  const team = useTeam(chosen);
  const create = useCreateTeam();
  const accept = useAcceptInvitation();
  const [name, setName] = useState("");
  const invitation = params.get("invitation");
  const accepted = useRef<string | null>(null);
  const choose = (id: string | null) => setParams(id ? { team: id } : {}, { replace: true });

  useEffect(() => {
    if (!invitation || accepted.current === invitation) return;
    accepted.current = invitation;
    accept.mutate(invitation, {
      onSuccess: (joined) => {
        toast({ title: t("teams.joined", { name: joined.name }), variant: "success" });
        choose(joined.id);
      },
      onError: (error) => {
        toast({ title: errorText(error), variant: "destructive" });
        choose(null);
      },
    });
    // Accepting is once per link opened; `accept` and `choose` are new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invitation]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (made) => {
          setName("");
          choose(made.id);
        },
        onError: (error) => toast({ title: errorText(error), variant: "destructive" }),
      },
    );
  };

  return (
    <Page title={t("teams.title")} intro={t("teams.intro")} width="wide">
      <div className="grid gap-8 md:grid-cols-[18rem_1fr]">
        <div className="min-w-0 space-y-6">
          {teams.isPending && <p className="text-zinc-600">{t("common.loading")}</p>}
          {teams.data?.length === 0 && <p className="text-zinc-600">{t("teams.none")}</p>}
          {teams.data && teams.data.length > 0 && (
            <ul aria-label={t("teams.yourTeams")} className="space-y-2">
              {teams.data.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    aria-current={item.id === chosen ? "true" : undefined}
                    onClick={() => choose(item.id)}
                    className={`w-full rounded-lg border px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-blue-600 ${
                      item.id === chosen
                        ? "border-blue-600 bg-blue-50"
                        : "border-zinc-200 hover:bg-zinc-50"
                    }`}
                  >
                    <span className="block font-medium break-words text-zinc-900">{item.name}</span>
                    <span className="text-sm text-zinc-600">
                      {t(`teams.roles.${item.role}`)} ·{" "}
                      {t("teams.memberCount", { count: item.memberCount })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={submit} className="space-y-2">
            <label htmlFor="team-name" className="block text-sm font-medium text-zinc-800">
              {t("teams.create.label")}
            </label>
            <Input
              id="team-name"
              value={name}
              maxLength={80}
              placeholder={t("teams.create.placeholder")}
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" disabled={create.isPending || name.trim() === ""}>
              {t("teams.create.button")}
            </Button>
          </form>
        </div>
        <div className="min-w-0">
          {chosen && team.isError && (
            <p role="alert" className="text-red-700">
              {errorText(team.error)}
            </p>
          )}
          {team.data && <TeamPanel team={team.data} onGone={() => choose(null)} />}
          {!chosen && teams.data && teams.data.length > 0 && (
            <p className="text-zinc-600">{t("teams.choose")}</p>
          )}
        </div>
      </div>
    </Page>
  );
}
