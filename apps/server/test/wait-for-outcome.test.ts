import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobEvents } from "../src/jobs/job-events.js";
import { waitForOutcome } from "../src/transcriptions/transcription-context.js";
import type { TranscriptionContext } from "../src/transcriptions/transcription-context.js";
import { createTestDatabase } from "./test-database.js";
import { queuedJob } from "./support/queued-job.js";
import { signedInUser } from "./support/transcription-app.js";

// A synchronous request waits for its job while the client listens. A client that hung up
// before the wait began (its socket closed between intake and the wait) must not hold the wait
// until the job ends: without a key, its job is then cancelled (respond-with-job.ts).

describe("waitForOutcome", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterAll(async () => {
    await database?.close();
  });

  const ctx = () =>
    ({ db: database.db, jobs: { events: new JobEvents() } }) as unknown as Pick<
      TranscriptionContext,
      "db" | "jobs"
    >;

  it("answers at once, with the waiting row, when its signal was aborted before it was called", async () => {
    const user = await signedInUser(database.db);
    const id = await queuedJob(database.db, user.id, "talk.mp3", new Date());
    const gone = new AbortController();
    gone.abort();
    // The job never ends here: a wait that did not see the abort would still be waiting.
    const stillWaiting = new Promise<"still waiting">((resolve) =>
      setTimeout(() => resolve("still waiting"), 5_000).unref(),
    );
    const outcome = await Promise.race([waitForOutcome(ctx(), id, gone.signal), stillWaiting]);
    expect(outcome).toMatchObject({ id, status: "queued" });
  });

  it("answers when the signal aborts during the wait", async () => {
    const user = await signedInUser(database.db);
    const id = await queuedJob(database.db, user.id, "talk.mp3", new Date());
    const gone = new AbortController();
    const waiting = waitForOutcome(ctx(), id, gone.signal);
    setTimeout(() => gone.abort(), 50);
    expect(await waiting).toMatchObject({ id, status: "queued" });
  });
});
