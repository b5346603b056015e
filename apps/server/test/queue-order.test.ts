import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimNextJob } from "../src/jobs/lifecycle/state-machine.js";
import { transition } from "../src/jobs/lifecycle/transition.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";
import { queuedJob, setPlan } from "./support/queued-job.js";
import { signedInUser } from "./support/transcription-app.js";

describe.each(DATABASE_KINDS)("the order waiting jobs are taken in, on %s", (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function user(plan: "free" | "basic" | "pro") {
    const made = await signedInUser(database.db);
    await setPlan(database.db, made.id, plan);
    return made.id;
  }

  let clock = Date.parse("2026-11-24T00:00:00Z");
  async function queue(userId: string, name: string): Promise<string> {
    clock += 1000; // each a second after the last
    return queuedJob(database.db, userId, name, new Date(clock));
  }

  /** Takes every waiting job in turn (none finishes: each stays running), naming them. */
  async function takeAll(): Promise<string[]> {
    const taken: string[] = [];
    for (;;) {
      const job = await claimNextJob(database.db, "worker-1", new Date(clock));
      if (!job) return taken;
      taken.push(job.file_name);
    }
  }

  it("serves paid plans first, then users in turn, then the oldest", async () => {
    const flooding = await user("free");
    const other = await user("free");
    const paying = await user("basic");
    for (const n of [1, 2, 3]) await queue(flooding, `free-A${n}`);
    await queue(other, "free-B1");
    await queue(paying, "basic-C1");
    await queue(paying, "basic-C2");
    await queue(flooding, "free-A4");
    expect(await takeAll()).toEqual([
      "basic-C1", // paid first, although sent later
      "basic-C2",
      "free-A1", // then free users take turns: A's first, B's first, A's next…
      "free-B1",
      "free-A2",
      "free-A3",
      "free-A4",
    ]);
  });

  it("takes a team's job by the plan of the owner who pays for it", async () => {
    const alone = await user("free");
    const member = await user("free");
    const owner = await user("pro");
    await queue(alone, "free-alone");
    const teamJob = await queue(member, "team-job");
    await database.db
      .updateTable("transcriptions")
      .set({ payer_id: owner })
      .where("id", "=", teamJob)
      .execute();
    expect(await takeAll()).toEqual(["team-job", "free-alone"]);
  });

  it("puts a user who already has a job running behind one who has none", async () => {
    const busy = await user("pro");
    const idle = await user("pro");
    const running = await queue(busy, "pro-busy-running");
    await transition(database.db, running, ["queued"], { status: "processing" }, new Date(clock));
    await queue(busy, "pro-busy-next");
    await queue(idle, "pro-idle-first");
    expect(await takeAll()).toEqual(["pro-idle-first", "pro-busy-next"]);
  });
});
