// `call(name, …)`: a route of the contract's table by its name — the table's method and path,
// the params put into the path, the query after it, the body as JSON.
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, fillPath } from "../../src/api/call";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fetch that answers `body` as JSON (or 204 with none) and records what it was sent. */
function answering(body?: unknown) {
  return vi.fn(
    async (_path: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status: body === undefined ? 204 : 200,
        headers: body === undefined ? {} : { "content-type": "application/json" },
      }),
  );
}

describe("call", () => {
  it("sends the table's method to its path, with the params filled in and encoded", async () => {
    const fetch = answering();
    vi.stubGlobal("fetch", fetch);
    await expect(call("deleteWebhook", { params: { id: "wh_1/x" } })).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledWith(
      "/api/webhooks/wh_1%2Fx",
      expect.objectContaining({ method: "DELETE" }),
    );
  });

  it("puts the query after the path, leaving out values not set, and none when empty", async () => {
    const fetch = answering([]);
    vi.stubGlobal("fetch", fetch);
    await call("listTranscriptions", { query: { limit: 25, q: "café", before: undefined } });
    await call("listTranscriptions");
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      "/api/transcriptions?limit=25&q=caf%C3%A9",
      "/api/transcriptions",
    ]);
  });

  it("sends the body as JSON and answers with the server's JSON", async () => {
    const created = { id: "k1", name: "laptop", prefix: "vb_ab", key: "vb_abc", createdAt: "x" };
    const fetch = answering(created);
    vi.stubGlobal("fetch", fetch);
    await expect(call("createApiKey", { body: { name: "laptop" } })).resolves.toEqual(created);
    expect(fetch).toHaveBeenCalledWith(
      "/api/keys",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ name: "laptop" }) }),
    );
  });

  it("refuses a path whose param is missing instead of calling `/:id`", () => {
    expect(() => fillPath("/api/keys/:id", {})).toThrow(/:id/);
  });
});
