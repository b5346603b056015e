import { fail } from "../http/app-error.js";
import type { Actor } from "./actor.js";
import { can, type ActionOn, type ResourceType, type Subject } from "./policies.js";

/**
 * Lets `actor` do `action` to a loaded resource, or answers as the API does: 404 NOT_FOUND for
 * one they may not even read (a resource of someone else's is not said to exist), 403
 * ROLE_NOT_ALLOWED for one they may read but not change (a team viewer saving, say; FORBIDDEN
 * is the admin panel's). A missing row is 404 too.
 */
export function authorize<Type extends Exclude<ResourceType, "admin">>(
  actor: Actor,
  action: ActionOn<Type>,
  subject: Subject<Type> | undefined,
): void {
  if (!subject || !can(actor, "read" as ActionOn<Type>, subject)) fail("NOT_FOUND");
  if (!can(actor, action, subject)) fail("ROLE_NOT_ALLOWED");
}
