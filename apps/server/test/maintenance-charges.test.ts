import { jobOptions } from "@verbatim/contract";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, test } from "vitest";
import { chargeMinutes, minuteBalance, reserveMinutes } from "../src/minutes/minute-ledger.js";
import { runMaintenance } from "../src/schedule/maintenance.js";
import { insertTranscription, transition } from "../src/jobs/lifecycle/transition.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";
import { signedInUser } from "./support/transcription-app.js";

const log = { info: () => undefined } as unknown as Parameters<typeof runMaintenance>[0]["log"];

describe.each(DATABASE_KINDS)("maintenance settles cut-off charges (%s)", (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  test("a job marked completed whose charge never ran is charged once, for its duration; charged jobs are left alone", async () => {
    const database = await createTestDatabase(kind);
    close = database.close;
    const { db } = database;
    const user = await signedInUser(db);
    const now = new Date();
    const job = async (seconds: number) => {
      const id = randomUUID();
      await reserveMinutes(db, user.id, id, seconds, now);
      await insertTranscription(
        db,
        {
          id,
          userId: user.id,
          fileName: "talk.mp3",
          model: "whisper-1",
          engineModel: "base",
          options: jobOptions({ language: "auto", wordTimestamps: true }),
          mediaPath: `/nonexistent/${id}.upload`,
          mediaBytes: 1,
          durationMs: seconds * 1000,
        },
        now,
      );
      await transition(db, id, ["queued"], { status: "completed", media_path: null }, now);
      return id;
    };
    const cutOff = await job(100); // the process died before charging
    const charged = await job(50);
    await chargeMinutes(db, user.id, charged, 50, now);
    expect((await minuteBalance(db, user.id, now)).planSeconds).toBe(1200 - 150); // both still held

    const first = await runMaintenance({ db, uploadDir: "/nonexistent", log }, now);
    expect(first.chargesSettled).toBe(1);
    const second = await runMaintenance({ db, uploadDir: "/nonexistent", log }, now);
    expect(second.chargesSettled).toBe(0);
    expect((await minuteBalance(db, user.id, now)).planSeconds).toBe(1200 - 150);
    const entries = await db
      .selectFrom("minute_ledger")
      .select(["kind", "seconds"])
      .where("reference", "=", cutOff)
      .execute();
    expect(entries.filter((entry) => entry.kind === "charge")).toHaveLength(1);
    expect(entries.reduce((sum, entry) => sum + entry.seconds, 0)).toBe(-100); // reserved, then charged
  });
});
