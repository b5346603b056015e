import { isUser, type Actor, type ShareLinkActor } from "./actor.js";

// Who may do what: one rule per resource and action, and nothing else decides it (routes and
// services ask `can`, or `authorize` for an answer to give). Today every resource is its
// owner's alone (a share link may read one transcription, and comment on or download it when
// its owner allowed that) and admin actions are the admins'; teams will extend these rules.

/** A resource that belongs to one user. */
export interface Owned {
  user_id: string;
  /** The row's id (a share link names the transcription it opens by it). */
  id?: string;
}

type Rule<Resource> = (actor: Actor, resource: Resource) => boolean;

const owner: Rule<Owned> = (actor, resource) => isUser(actor) && resource.user_id === actor.userId;
const admin: Rule<null> = (actor) => isUser(actor) && actor.admin;
/** The owner, or a link to this transcription that allows it (`permission`: beyond reading). */
const ownerOrLink =
  (permission?: keyof Pick<ShareLinkActor["link"], "comment" | "download">): Rule<Owned> =>
  (actor, resource) =>
    owner(actor, resource) ||
    (!isUser(actor) &&
      resource.id !== undefined &&
      actor.link.transcriptionId === resource.id &&
      (permission === undefined || actor.link[permission]));

/** The rules, by resource type and action. */
const POLICIES = {
  transcription: {
    read: ownerOrLink(),
    download: ownerOrLink("download"),
    comment: ownerOrLink("comment"),
    edit: owner,
    cancel: owner,
    delete: owner,
    /** Make, list and revoke its share links. */
    share: owner,
    /** Resolve and delete anyone's comments on it. */
    moderateComments: owner,
    /** Ask for a captioned video of it (docs/captioned-video.md). */
    render: owner,
  },
  render: { read: owner, download: owner, cancel: owner },
  voice: { read: owner, edit: owner, delete: owner },
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
export const voice = (row: Owned): Subject<"voice"> => ({ type: "voice", row });
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
