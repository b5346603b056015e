// Command: add a message to a user's support conversation and tell both sides.
import { randomUUID } from "node:crypto";
import type { SupportMessageView } from "@verbatim/contract/api";
import { fail } from "../../http/app-error.js";
import { transcriptionOwners } from "../../jobs/job-reads.js";
import { can, transcription } from "../../policies/policies.js";
import { actorInTeam } from "../../teams/membership.js";
import { findUserById } from "../../users/repo.js";
import {
  findMessage,
  insertMessage,
  type SupportContext,
  type SupportSide,
} from "../conversations.js";
import { ADMIN_CHANNEL, userChannel } from "../support-events.js";

/** What a new message says, and who writes it in whose conversation. */
export interface PostMessageProps {
  userId: string;
  sender: SupportSide;
  adminId: string | null;
  text: string;
  transcriptionId?: string;
}

/**
 * Adds a message to a user's conversation and tells both sides' streams. A linked
 * transcription must be one that user may read (the policies: their own, or their team's while
 * they are in it; else 404 ATTACHMENT_NOT_FOUND).
 */
export async function postMessage(
  ctx: SupportContext,
  props: PostMessageProps,
): Promise<SupportMessageView> {
  const { db } = ctx;
  if (props.transcriptionId !== undefined) {
    const [row] = await transcriptionOwners(db, [props.transcriptionId]);
    const user = row && (await findUserById(db, props.userId));
    const actor = user && (await actorInTeam(db, ctx.config, user, row.team_id));
    if (!row || !actor || !can(actor, "read", transcription(row))) {
      fail("ATTACHMENT_NOT_FOUND");
    }
  }
  const id = randomUUID();
  await insertMessage(db, {
    id,
    user_id: props.userId,
    sender: props.sender,
    admin_id: props.adminId,
    body: props.text,
    transcription_id: props.transcriptionId ?? null,
    created_at: ctx.now().toISOString(),
  });
  const message = await findMessage(db, id);
  ctx.supportEvents.publish(userChannel(props.userId), { type: "message", message });
  ctx.supportEvents.publish(ADMIN_CHANNEL, { type: "message", message });
  return message;
}
