// Command: one side has read the other side's messages in a user's conversation.
import { markReadBy, type SupportContext, type SupportSide } from "../conversations.js";
import { ADMIN_CHANNEL, userChannel } from "../support-events.js";

/** `reader` has read the other side's messages in `userId`'s conversation; both streams hear. */
export async function markRead(
  ctx: SupportContext,
  { userId, reader }: { userId: string; reader: SupportSide },
): Promise<void> {
  const marked = await markReadBy(ctx.db, { userId, reader, now: ctx.now() });
  if (marked === 0) return;
  const event = { type: "read" as const, userId, by: reader };
  ctx.supportEvents.publish(userChannel(userId), event);
  ctx.supportEvents.publish(ADMIN_CHANNEL, event);
}
