import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Team, TeamDetail } from "../../src/api/types";
import { Toaster } from "../../src/components/ui/toaster";
import TeamsPage from "../../src/pages/teams-page";
import { mockApi } from "../account/helpers";
import { json } from "../api-answers";
import { renderRoutes } from "../render";
import { signIn } from "../session";

const TEAM_ID = "00000000-0000-4000-8000-00000000000a";
const routes = [
  {
    path: "/teams",
    element: (
      <>
        <TeamsPage />
        <Toaster />
      </>
    ),
  },
];
const team: Team = {
  id: TEAM_ID,
  name: "Newsroom",
  role: "owner",
  ownerId: "u1",
  memberCount: 2,
  createdAt: "2026-03-01T10:00:00.000Z",
};
const detail: TeamDetail = {
  ...team,
  transcriptionCount: 4,
  allowed: [
    "read",
    "comment",
    "upload",
    "edit",
    "delete",
    "share",
    "invite",
    "manageMembers",
    "pay",
    "deleteTeam",
  ],
  pool: { credits: 380, additionalCredits: 60 },
};
const members = [
  { userId: "u1", name: "Ada", email: "ada@example.com", role: "owner", joinedAt: team.createdAt },
  { userId: "u2", name: "Ben", email: "ben@example.com", role: "member", joinedAt: team.createdAt },
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("/teams", { timeout: 30_000 }, () => {
  it("creates a team, invites, changes a role, shows usage per member, deletes after the count warning", async () => {
    signIn();
    let teams: Team[] = [];
    const sent: Array<{ key: string; body: unknown }> = [];
    const record = (key: string) => (init: RequestInit | undefined) => {
      sent.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    };
    mockApi({
      "GET /api/teams": () => json(teams),
      "POST /api/teams": (init) => {
        record("create")(init);
        teams = [team];
        return json(team, 201);
      },
      [`GET /api/teams/${TEAM_ID}`]: () => json(detail),
      [`GET /api/teams/${TEAM_ID}/members`]: () => json(members),
      [`GET /api/teams/${TEAM_ID}/invitations`]: () => json([]),
      [`GET /api/teams/${TEAM_ID}/usage`]: () =>
        json({
          since: team.createdAt,
          credits: 100,
          additionalCredits: 0,
          members: [
            {
              userId: "u2",
              name: "Ben",
              email: "ben@example.com",
              role: "member",
              chargedSeconds: 600,
              transcriptions: 3,
              current: true,
            },
          ],
        }),
      [`POST /api/teams/${TEAM_ID}/invitations`]: (init) => {
        record("invite")(init);
        return json(
          {
            id: "i1",
            email: "cy@example.com",
            role: "viewer",
            expiresAt: team.createdAt,
            createdAt: team.createdAt,
          },
          201,
        );
      },
      [`PATCH /api/teams/${TEAM_ID}/members/u2`]: (init) => {
        record("role")(init);
        return json({ ...members[1], role: "admin" });
      },
      [`DELETE /api/teams/${TEAM_ID}`]: () => {
        sent.push({ key: "delete", body: undefined });
        teams = [];
        return new Response(null, { status: 204 });
      },
    });
    await renderRoutes(routes, { path: "/teams" });
    expect(await screen.findByText(/not in a team yet/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("New team"), "Newsroom");
    await userEvent.click(screen.getByRole("button", { name: "Create team" }));
    expect(await screen.findByRole("heading", { name: "Newsroom" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Team History" })).toHaveAttribute(
      "href",
      `/history?team=${TEAM_ID}`,
    );

    await userEvent.type(screen.getByLabelText("E-mail address"), "cy@example.com");
    await userEvent.selectOptions(screen.getByLabelText("Role"), "viewer");
    await userEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent to cy@example.com.")).toBeInTheDocument();

    // The owner's own line has no controls; the member's role can be changed.
    await userEvent.selectOptions(screen.getByLabelText("Role of Ben"), "admin");
    await waitFor(() => expect(sent.map((call) => call.key)).toContain("role"));

    const usage = screen.getByRole("table");
    expect(within(usage).getByRole("rowheader", { name: "Ben" })).toBeInTheDocument();
    expect(within(usage).getByText("10")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Delete team" }));
    expect(
      screen.getByText(/deletes the team and its 4 transcriptions, for every member/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Delete team and 4 transcriptions" }));
    expect(await screen.findByText("Newsroom was deleted.")).toBeInTheDocument();
    expect(sent).toEqual([
      { key: "create", body: { name: "Newsroom" } },
      { key: "invite", body: { email: "cy@example.com", role: "viewer" } },
      { key: "role", body: { role: "admin" } },
      { key: "delete", body: undefined },
    ]);
  });

  it("accepts an invitation's link and shows the viewer only what the role allows", async () => {
    signIn();
    let joined = false;
    mockApi({
      "GET /api/teams": () => json(joined ? [{ ...team, role: "viewer" }] : []),
      "POST /api/team-invitations/accept": (init) => {
        const { token } = JSON.parse(String(init?.body)) as { token: string };
        expect(token).toBe("good");
        joined = true;
        return json({ ...team, role: "viewer" });
      },
      [`GET /api/teams/${TEAM_ID}`]: () =>
        json({ ...detail, role: "viewer", allowed: ["read", "comment", "leave"] }),
      [`GET /api/teams/${TEAM_ID}/members`]: () => json(members),
    });
    await renderRoutes(routes, { path: "/teams?invitation=good" });
    expect(await screen.findByText("You joined Newsroom.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Newsroom" })).toBeInTheDocument();
    // A viewer sees the members, and may leave, but neither invite nor delete.
    expect(screen.queryByRole("button", { name: "Send invitation" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete team" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave team" })).toBeInTheDocument();
    // …and the minutes the team's uploads spend: the owner's, not their own.
    expect(
      screen.getByText(
        "The team's minutes (the owner's): 380 plan minutes and 60 pack minutes left.",
      ),
    ).toBeInTheDocument();
  });
});
