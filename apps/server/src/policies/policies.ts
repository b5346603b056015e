import type { Actor } from "./actor.js";

// Who may do what: one rule per resource and action, and nothing else decides it (routes and
// services ask `can`, or `authorize` for an answer to give). Today every resource is its
// owner's alone and admin actions are the admins'; teams and share links extend these rules.

/** A resource that belongs to one user. */
export interface Owned {
  user_id: string;
}

type Rule<Resource> = (actor: Actor, resource: Resource) => boolean;

const owner: Rule<Owned> = (actor, resource) => resource.user_id === actor.userId;
const admin: Rule<null> = (actor) => actor.admin;

/** The rules, by resource type and action. */
const POLICIES = {
  transcription: { read: owner, edit: owner, cancel: owner, delete: owner },
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
