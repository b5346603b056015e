// The web's one HTTP client: every way a request can fail comes back as one of two typed errors
// — the server's answer (ApiError, with its code) or no usable answer (ClientError, with ours).
import i18n from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, CALL_TIMEOUT_MS, ClientError, upload } from "../../src/api/client";
import { fetchExport } from "../../src/features/workspace/download-export";
import { errorJson } from "../api-answers";
import { setupI18n } from "../../src/i18n";
import { resources } from "../../src/i18n/all-resources";
import { installFakeXhr } from "../fake-xhr";

/** A fetch that never answers, and fails as the browser's does when its signal fires. */
function hangingFetch() {
  return vi.fn(
    (_path: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init.signal?.addEventListener("abort", () =>
          reject(new DOMException("The operation was aborted.", "AbortError")),
        );
      }),
  );
}

const failureOf = (pending: Promise<unknown>) => pending.catch((error: unknown) => error);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("JSON calls", () => {
  it("turns a lost connection into NETWORK, and into OFFLINE when the browser is offline", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(api("/api/auth/me")).rejects.toMatchObject({
      name: "ClientError",
      code: "NETWORK",
    });
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await expect(api("/api/auth/me")).rejects.toMatchObject({ code: "OFFLINE" });
  });

  it("gives up on a call that gets no answer in time (TIMEOUT), and tells a stop by the caller apart (ABORTED)", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", hangingFetch());
    const hung = failureOf(api("/api/health"));
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS);
    await expect(hung).resolves.toMatchObject({ name: "ClientError", code: "TIMEOUT" });

    const controller = new AbortController();
    const stopped = failureOf(api("/api/health", { signal: controller.signal }));
    controller.abort();
    await expect(stopped).resolves.toMatchObject({ code: "ABORTED" });
  });

  it("keeps the server's code and details from an error answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(
        errorJson(402, {
          code: "INSUFFICIENT_MINUTES",
          message: "No.",
          details: { neededMinutes: 3 },
        }),
      ),
    );
    await expect(api("/api/transcribe")).rejects.toMatchObject({
      status: 402,
      code: "INSUFFICIENT_MINUTES",
      details: { neededMinutes: 3 },
    });
  });
});

describe("the interface's language", () => {
  it("asks the server for its messages in the interface's language", async () => {
    if (!i18n.isInitialized) await setupI18n("en", resources);
    const fetch = vi.fn().mockResolvedValue(new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await i18n.changeLanguage("zh-HK");
    try {
      await api("/api/auth/me");
      const init = fetch.mock.calls[0]?.[1] as RequestInit;
      expect(init.headers).toMatchObject({ "accept-language": "zh-HK" });
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("downloads", () => {
  it("reads the file and its name from the answer", async () => {
    const fetch = vi.fn().mockResolvedValue(
      new Response("1\n00:00:00,000 --> 00:00:01,000\nHi\n", {
        headers: { "content-disposition": "attachment; filename*=UTF-8''%E8%A8%AA%E5%95%8F.srt" },
      }),
    );
    vi.stubGlobal("fetch", fetch);
    await expect(fetchExport("t1", "srt")).resolves.toEqual({
      text: "1\n00:00:00,000 --> 00:00:01,000\nHi\n",
      fileName: "訪問.srt",
    });
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ credentials: "include" });
  });

  it("keeps the server's error code, and types a lost connection", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(errorJson(404, { code: "NOT_FOUND", message: "Not found" })),
    );
    await expect(fetchExport("gone", "srt")).rejects.toMatchObject({
      status: 404,
      code: "NOT_FOUND",
    });
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(fetchExport("t1", "srt")).rejects.toBeInstanceOf(ClientError);
  });
});

describe("uploads", () => {
  it("reports the bytes sent and reads the JSON answer", async () => {
    const sent = installFakeXhr(() => ({ status: 202, body: { id: "job-1" } }));
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(300)]), "a.mp3");
    const progress: number[] = [];
    await expect(
      upload<{ id: string }>("/api/transcribe", form, { onProgress: (n) => progress.push(n) }),
    ).resolves.toEqual({ id: "job-1" });
    expect(progress).toEqual([300]);
    expect(sent[0]?.headers.accept).toBe("application/json");
  });

  it("fails with the server's code, or with NETWORK, TIMEOUT or BAD_RESPONSE", async () => {
    const replies = [
      { status: 415, body: { code: "INPUT_NOT_MEDIA", message: "Not media." } },
      "network",
      "timeout",
      { status: 200, body: "<html>a captive portal</html>" },
    ] as const;
    installFakeXhr((_, n) => replies[n - 1]!);
    const send = () => failureOf(upload("/api/transcribe", "{}", { timeoutMs: 1000 }));
    const refused = await send();
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 415, code: "INPUT_NOT_MEDIA" });
    await expect(send()).resolves.toMatchObject({ name: "ClientError", code: "NETWORK" });
    await expect(send()).resolves.toMatchObject({ code: "TIMEOUT" });
    await expect(send()).resolves.toMatchObject({ code: "BAD_RESPONSE" });
  });
});
