import pino from "pino";
import { describe, expect, it } from "vitest";
import { SideJobQueue, type SideJobKind } from "./side-job-queue.js";

interface Row {
  id: string;
}

/** A kind whose table is an array; `run` waits until the test lets the job end. */
function fakeKind(queued: string[]) {
  const ran: string[] = [];
  const aborted: string[] = [];
  const requeues: (Date | null)[] = [];
  const sweeps: Date[] = [];
  const finishers = new Map<string, () => void>();
  let failNextEnd = false;
  const kind: SideJobKind<Row> = {
    noun: "test job",
    idField: "testId",
    claimNext: () => {
      const id = queued.shift();
      return Promise.resolve(id === undefined ? undefined : { id });
    },
    requeueStalled: (before) => {
      requeues.push(before);
      return Promise.resolve(before === null ? 2 : 1);
    },
    afterSweep: (now) => {
      sweeps.push(now);
      return Promise.resolve();
    },
    run: (row, { signal, stopping }) =>
      new Promise<void>((resolve, reject) => {
        ran.push(row.id);
        const finish = () => {
          if (failNextEnd) {
            failNextEnd = false;
            reject(new Error("SQLITE_FULL"));
          } else resolve();
        };
        finishers.set(row.id, finish);
        signal.addEventListener("abort", () => {
          aborted.push(`${row.id} (${stopping() ? "stopping" : "cancelled"})`);
          resolve();
        });
      }),
  };
  return {
    kind,
    ran,
    aborted,
    requeues,
    sweeps,
    finish: (id: string) => finishers.get(id)?.(),
    failNextEnd: () => {
      failNextEnd = true;
    },
  };
}

const NOW = new Date("2026-01-01T00:00:00Z");
const options = (concurrency: number, alone = false) => ({
  log: pino({ level: "silent" }),
  now: () => NOW,
  concurrency,
  alone,
  sweepMs: 60_000,
  stalledMs: 120_000,
  // Long enough that a test passing shows `notify` woke the loop, not the poll.
  pollMs: 60_000,
});

/** Lets the loops' promises run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the side-job queue", () => {
  it("runs claimed jobs on as many loops as asked, and wakes an idle loop when told", async () => {
    const table = ["a", "b", "c"];
    const fake = fakeKind(table);
    const queue = new SideJobQueue(fake.kind, options(2));
    await queue.start();
    await settle();
    expect(fake.ran).toEqual(["a", "b"]);
    fake.finish("a");
    await settle();
    expect(fake.ran).toEqual(["a", "b", "c"]);
    fake.finish("b");
    fake.finish("c");
    await settle();
    // Both loops are idle now; a job queued here runs at once when notified.
    table.push("d");
    queue.notify();
    await settle();
    expect(fake.ran).toEqual(["a", "b", "c", "d"]);
    fake.finish("d");
    await queue.stop();
  });

  it("aborts one job on cancel, and every running job on stop, which waits for the loops", async () => {
    const fake = fakeKind(["a", "b"]);
    const queue = new SideJobQueue(fake.kind, options(2));
    await queue.start();
    await settle();
    queue.cancel("a");
    await settle();
    expect(fake.aborted).toEqual(["a (cancelled)"]);
    await queue.stop();
    expect(fake.aborted).toEqual(["a (cancelled)", "b (stopping)"]);
  });

  it("keeps looping after a job's end could not be recorded", async () => {
    const fake = fakeKind(["a", "b"]);
    const queue = new SideJobQueue(fake.kind, options(1));
    await queue.start();
    await settle();
    fake.failNextEnd();
    fake.finish("a");
    await settle();
    expect(fake.ran).toEqual(["a", "b"]);
    fake.finish("b");
    await queue.stop();
  });

  it("requeues everything running at start when alone, and stalled jobs at each sweep", async () => {
    const fake = fakeKind([]);
    const alone = new SideJobQueue(fake.kind, options(1, true));
    await alone.start();
    expect(fake.requeues).toEqual([null]);
    expect(await alone.sweep()).toBe(1);
    expect(fake.requeues[1]).toEqual(new Date(NOW.getTime() - 120_000));
    expect(fake.sweeps).toEqual([NOW]);
    await alone.stop();

    // A process that runs none (concurrency 0) leaves what others run alone.
    const none = fakeKind([]);
    await new SideJobQueue(none.kind, options(0, true)).start();
    expect(none.requeues).toEqual([]);
  });
});
