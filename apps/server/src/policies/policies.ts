import { isUser, type Actor, type ShareLinkActor } from "./actor.js";
import { roleAllows, type TeamAction } from "./team-roles.js";

// Who may do what: one rule per resource and action, and nothing else decides it (routes and
// services ask `can`, or `authorize` for an answer to give). A personal resource is its
// owner's alone (a share link may read one transcription, and comment on or download it when
// its owner allowed that); a team's transcription, and the team itself, are for its members
// as their role's row of the team table says (team-roles.ts: TEAM_POLICY) — its uploader's own
// account counts for nothing once it is the team's; admin actions are the admins'.

/** A resource that belongs to one user, or to a team. */
export interface Owned {
  user_id: string;
  /** The row's id (a share link names the transcription it opens by it). */
  id?: string;
  /** The team it belongs to; null or absent: its owner's own. */
  team_id?: string | null;
}

type Rule<Resource> = (actor: Actor, resource: Resource) => boolean;

const owner: Rule<Owned> = (actor, resource) => isUser(actor) && resource.user_id === actor.userId;
/** Its owner, while it is their own (not a team's). */
const personalOwner: Rule<Owned> = (actor, resource) => !resource.team_id && owner(actor, resource);
/** A member of its team whose role allows `action`. */
const team =
  (action: TeamAction): Rule<Owned> =>
  (actor, resource) =>
    isUser(actor) && !!resource.team_id && roleAllows(actor.teams?.[resource.team_id], action);
/** A link to this transcription that allows it (`permission`: beyond reading). */
const link =
  (permission?: keyof Pick<ShareLinkActor["link"], "comment" | "download">): Rule<Owned> =>
  (actor, resource) =>
    !isUser(actor) &&
    resource.id !== undefined &&
    actor.link.transcriptionId === resource.id &&
    (permission === undefined || actor.link[permission]);
/**
 * Whoever asked for it (a captioned video), while they may still read the transcription it
 * is of: a render of a team's transcription is its requester's only while they are in the team
 * (the row's `team_id` is its transcription's).
 */
const requester: Rule<Owned> = (actor, resource) =>
  owner(actor, resource) && (!resource.team_id || team("read")(actor, resource));
const anyOf =
  (...rules: Rule<Owned>[]): Rule<Owned> =>
  (actor, resource) =>
    rules.some((rule) => rule(actor, resource));
const admin: Rule<null> = (actor) => isUser(actor) && actor.admin;

/** The rules, by resource type and action. */
const POLICIES = {
  transcription: {
    read: anyOf(personalOwner, team("read"), link()),
    download: anyOf(personalOwner, team("read"), link("download")),
    comment: anyOf(personalOwner, team("comment"), link("comment")),
    edit: anyOf(personalOwner, team("edit")),
    cancel: anyOf(personalOwner, team("edit")),
    delete: anyOf(personalOwner, team("delete")),
    /** Make, list and revoke its share links. */
    share: anyOf(personalOwner, team("share")),
    /** Resolve and delete anyone's comments on it. */
    moderateComments: anyOf(personalOwner, team("delete")),
    /** Move it into a team (the team's `upload` is asked too): only one's own. */
    moveToTeam: personalOwner,
    /** Ask for a captioned video of it (docs/captioned-video.md), paid by whoever asks. */
    render: anyOf(personalOwner, team("edit")),
    /** Ask for a translation of it, cancel one, delete a track (docs/translation.md), paid by whoever asks. */
    translate: anyOf(personalOwner, team("edit")),
  },
  /** A team (its row as `teamRow` makes it): each action is its table's. */
  team: {
    read: team("read"),
    upload: team("upload"),
    invite: team("invite"),
    manageMembers: team("manageMembers"),
    pay: team("pay"),
    delete: team("deleteTeam"),
    leave: team("leave"),
  },
  /**
   * A captioned video (its row with its transcription's `team_id`). Its requester pays for it,
   * so they may stop a render still running even after losing the transcription (`cancel`,
   * asked with `can`); seeing and downloading it end with their access to the transcription.
   */
  render: { read: requester, download: requester, cancel: owner },
  voice: { read: owner, edit: owner, delete: owner },
  /** A saved glossary: its maker's own, or a team's (read by its members, changed by its editors). */
  glossary: { read: anyOf(personalOwner, team("read")), edit: anyOf(personalOwner, team("edit")) },
  apiKey: { read: owner, revoke: owner },
  webhook: { read: owner, test: owner, delete: owner },
  checkout: { read: owner, confirm: owner },
  admin: { enter: admin, grantMinutes: admin, answerSupport: admin },
} satisfies Record<string, Record<string, Rule<Owned> | Rule<null>>>;

export type ResourceType = keyof typeof POLICIES;
export type ActionOn<Type extends ResourceType> = keyof (typeof POLICIES)[Type] & string;

/** A resource as the rules see it: its type and its row. */
export interface Subject<Type extends ResourceType> {
  type: Type;
  row: Type extends "admin" ? null : Owned;
}

export const transcription = (row: Owned): Subject<"transcription"> => ({
  type: "transcription",
  row,
});
/** A team as the rules see it. */
export const teamSubject = (row: { id: string; owner_id: string }): Subject<"team"> => ({
  type: "team",
  row: { id: row.id, user_id: row.owner_id, team_id: row.id },
});
export const voice = (row: Owned): Subject<"voice"> => ({ type: "voice", row });
/** A saved glossary as the rules see it. */
export const glossary = (row: Owned): Subject<"glossary"> => ({ type: "glossary", row });
/** A render as the rules see it: its row, with its transcription's team (`team_id`). */
export const render = (row: Owned): Subject<"render"> => ({ type: "render", row });
export const apiKey = (row: Owned): Subject<"apiKey"> => ({ type: "apiKey", row });
export const webhook = (row: Owned): Subject<"webhook"> => ({ type: "webhook", row });
export const checkout = (row: Owned): Subject<"checkout"> => ({ type: "checkout", row });
/** The admin area (users, usage, grants, support answers). */
export const adminArea: Subject<"admin"> = { type: "admin", row: null };

/** Whether `actor` may do `action` to the resource. */
export function can<Type extends ResourceType>(
  actor: Actor,
  action: ActionOn<Type>,
  subject: Subject<Type>,
): boolean {
  const rules = POLICIES[subject.type] as Record<string, Rule<Owned | null>>;
  const rule = rules[action];
  return rule !== undefined && rule(actor, subject.row);
}
