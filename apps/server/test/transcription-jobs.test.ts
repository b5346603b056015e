import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// Jobs for programs against the real server: submit with an API key and get the job at once,
// poll it to done, fetch the result in chosen formats, list a page of one status, delete; the
// balance with a key; and another account's key sees none of it (IDOR).

interface Job {
  id: string;
  object: string;
  status: string;
  progress: number;
  chargedSeconds: number | null;
  result?: { format: string; encoding: string; content: string; contentType: string };
}

let api: TranscriptionApi;
let owner: TestUser & { key: string };
let stranger: TestUser & { key: string };
let clip: Blob;
const scratch = scratchDir("verbatim-jobs-");

async function userWithKey(): Promise<TestUser & { key: string }> {
  const user = await signedInUser(api.db);
  const response = await fetch(`${api.base}/api/keys`, {
    method: "POST",
    headers: { ...user.auth, "content-type": "application/json" },
    body: JSON.stringify({ name: "jobs" }),
  });
  const { key } = (await response.json()) as { key: string };
  return { ...user, key };
}

const withKey = (key: string) => ({ authorization: `Bearer ${key}` });

async function getJson<T>(path: string, key: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${api.base}${path}`, { headers: withKey(key) });
  return { status: response.status, body: (await response.json()) as T };
}

/** Waits (reading the database: polling the API would spend the key's rate limit) until settled. */
async function untilEnded(id: string): Promise<Job> {
  for (let i = 0; i < 600; i++) {
    const row = await api.db
      .selectFrom("transcriptions")
      .select("charged_seconds")
      .where("id", "=", id)
      .executeTakeFirst();
    if (row?.charged_seconds != null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (await getJson<Job>(`/v1/transcriptions/jobs/${id}`, owner.key)).body;
}

beforeAll(async () => {
  api = await startTranscriptionApi("sqlite");
  const path = join(scratch.dir, "clip.mp3");
  ffmpeg("-i", JFK_MP3, "-t", "2", "-c", "copy", path);
  clip = new Blob([readFileSync(path)]);
  owner = await userWithKey();
  stranger = await userWithKey();
});

afterAll(async () => {
  await api.close();
  scratch.cleanup();
});

describe("/v1/transcriptions/jobs", () => {
  let jobId: string;

  it("answers at once with the job, then its status, progress and result in chosen formats", async () => {
    const response = await upload(api.base, "/v1/transcriptions/jobs", {
      file: clip,
      fields: { model: "whisper-1", language: "en" },
      headers: withKey(owner.key),
    });
    expect(response.status).toBe(202);
    const job = (await response.json()) as Job;
    expect(job).toMatchObject({ object: "transcription.job", status: "queued" });
    expect(response.headers.get("location")).toBe(`/v1/transcriptions/jobs/${job.id}`);
    jobId = job.id;

    const ended = await untilEnded(jobId);
    expect(ended).toMatchObject({ status: "completed", progress: 100 });
    expect(ended.result).toBeUndefined();

    const srt = await getJson<Job>(`/v1/transcriptions/jobs/${jobId}?format=srt`, owner.key);
    expect(srt.body.result).toMatchObject({ format: "srt", encoding: "utf-8" });
    expect(srt.body.result?.content).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> /);
    const docx = await getJson<Job>(`/v1/transcriptions/jobs/${jobId}?format=docx`, owner.key);
    expect(docx.body.result?.encoding).toBe("base64");
    // A .docx is a ZIP: "PK".
    expect(
      Buffer.from(docx.body.result?.content ?? "", "base64")
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    const bad = await getJson<{ error: { param: string } }>(
      `/v1/transcriptions/jobs/${jobId}?format=mp3`,
      owner.key,
    );
    expect(bad.status).toBe(400);
  });

  it("lists the owner's jobs a page at a time, filtered by status", async () => {
    const second = (await (
      await upload(api.base, "/v1/transcriptions/jobs", {
        file: clip,
        fields: { model: "whisper-1" },
        headers: withKey(owner.key),
      })
    ).json()) as Job;
    await untilEnded(second.id);

    type Page = { data: Job[]; hasMore: boolean; nextCursor: string | null };
    const first = await getJson<Page>("/v1/transcriptions/jobs?limit=1", owner.key);
    expect(first.body.data.map((j) => j.id)).toEqual([second.id]);
    expect(first.body.hasMore).toBe(true);
    const next = await getJson<Page>(
      `/v1/transcriptions/jobs?limit=1&after=${first.body.nextCursor}`,
      owner.key,
    );
    expect(next.body.data.map((j) => j.id)).toEqual([jobId]);
    expect(next.body).toMatchObject({ hasMore: false, nextCursor: null });

    const completed = await getJson<Page>("/v1/transcriptions/jobs?status=completed", owner.key);
    expect(completed.body.data.map((j) => j.id)).toEqual([second.id, jobId]);
    const failed = await getJson<Page>("/v1/transcriptions/jobs?status=failed", owner.key);
    expect(failed.body.data).toEqual([]);
    // A cursor that is not a job id is refused; another account's job starts no page.
    expect((await getJson("/v1/transcriptions/jobs?after=x'--", owner.key)).status).toBe(400);
  });

  it("shows another account's key none of the owner's jobs (404, not listed, not deleted)", async () => {
    const read = await getJson<{ error: { code: string } }>(
      `/v1/transcriptions/jobs/${jobId}?format=srt`,
      stranger.key,
    );
    expect(read.status).toBe(404);
    const deleted = await fetch(`${api.base}/v1/transcriptions/jobs/${jobId}`, {
      method: "DELETE",
      headers: withKey(stranger.key),
    });
    expect(deleted.status).toBe(404);
    const listed = await getJson<{ data: Job[] }>("/v1/transcriptions/jobs", stranger.key);
    expect(listed.body.data).toEqual([]);
    const after = await getJson<{ data: Job[] }>(
      `/v1/transcriptions/jobs?after=${jobId}`,
      stranger.key,
    );
    expect(after.body.data).toEqual([]);
    // Still there for its owner.
    expect((await getJson(`/v1/transcriptions/jobs/${jobId}`, owner.key)).status).toBe(200);
  });

  it("takes API keys only, and refuses stream=true without making a job", async () => {
    const session = await getJson("/v1/transcriptions/jobs", owner.token);
    expect(session.status).toBe(401);
    const streamed = await upload(api.base, "/v1/transcriptions/jobs", {
      file: clip,
      fields: { model: "whisper-1", stream: "true" },
      headers: withKey(stranger.key),
    });
    expect(streamed.status).toBe(400);
    expect(((await streamed.json()) as { error: { param: string } }).error.param).toBe("stream");
    const listed = await getJson<{ data: Job[] }>("/v1/transcriptions/jobs", stranger.key);
    expect(listed.body.data).toEqual([]);
  });

  it("reads the minutes balance with a key", async () => {
    type Balance = { planMinutes: number; packMinutes: number; totalMinutes: number };
    const fresh = await getJson<Balance>("/v1/balance", stranger.key);
    expect(fresh.status).toBe(200);
    const used = await getJson<Balance>("/v1/balance", owner.key);
    // The owner's two short jobs were charged a minute each at most; the stranger's nothing.
    expect(fresh.body.totalMinutes - used.body.totalMinutes).toBeGreaterThan(0);
    expect(used.body.totalMinutes).toBe(used.body.planMinutes + used.body.packMinutes);
    expect((await getJson("/v1/balance", owner.token)).status).toBe(401);
  });

  it("deletes the owner's job", async () => {
    const response = await fetch(`${api.base}/v1/transcriptions/jobs/${jobId}`, {
      method: "DELETE",
      headers: withKey(owner.key),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: jobId,
      object: "transcription.job",
      deleted: true,
    });
    expect((await getJson(`/v1/transcriptions/jobs/${jobId}`, owner.key)).status).toBe(404);
  });

  it("describes the routes in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${api.base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    for (const [path, method] of [
      ["/v1/transcriptions/jobs", "post"],
      ["/v1/transcriptions/jobs", "get"],
      ["/v1/transcriptions/jobs/{id}", "get"],
      ["/v1/transcriptions/jobs/{id}", "delete"],
      ["/v1/balance", "get"],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(operation?.tags).toContain("jobs");
    }
  });
});
