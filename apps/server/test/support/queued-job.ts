import { jobOptions } from "@verbatim/contract";
import type { Db } from "../../src/db/database.js";
import { insertTranscription } from "../../src/jobs/lifecycle/transition.js";

/** A plan set on a new signed-in user's subscription row. */
export async function setPlan(db: Db, userId: string, plan: "free" | "basic" | "pro") {
  await db
    .updateTable("subscriptions")
    .set({ plan_type: plan })
    .where("user_id", "=", userId)
    .execute();
}

/**
 * A waiting job of `userId` named `name` (its file name), sent at `at`: the queue-order tests
 * take them in turn without running the engine (the media path does not exist).
 */
export async function queuedJob(db: Db, userId: string, name: string, at: Date): Promise<string> {
  const id = `${name}-${crypto.randomUUID()}`;
  await insertTranscription(
    db,
    {
      id,
      userId,
      fileName: name,
      model: "whisper-1",
      engineModel: "tiny",
      options: jobOptions({ language: "auto", wordTimestamps: false }),
      mediaPath: `/nonexistent/${id}`,
      mediaBytes: 1,
      durationMs: 10_000,
    },
    at,
  );
  return id;
}
