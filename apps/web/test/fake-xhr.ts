import { vi } from "vitest";

/** What the fake server saw. */
export interface Sent {
  url: string;
  headers: Record<string, string>;
  body: FormData | string;
}

/** How the fake server answers one request: a status and body, a lost connection, or no answer in time. */
export type FakeReply = { status: number; body: unknown } | "network" | "timeout";

/**
 * A stand-in XMLHttpRequest (jsdom's sends nothing) whose answers the test scripts, one per
 * request; returns what was sent. A body that is a string is answered as it is (a proxy's page).
 */
export function installFakeXhr(answer: (sent: Sent, n: number) => FakeReply): Sent[] {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    statusText = "";
    responseText = "";
    timeout = 0;
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    withCredentials = false;
    private url = "";
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData | string) {
      const request = { url: this.url, headers: this.headers, body };
      sent.push(request);
      const reply = answer(request, sent.length);
      queueMicrotask(() => {
        if (reply === "network") return this.onerror?.();
        if (reply === "timeout") return this.ontimeout?.();
        const file = body instanceof FormData ? body.get("file") : null;
        this.upload.onprogress?.({ loaded: file instanceof Blob ? file.size : 0 });
        this.status = reply.status;
        this.responseText =
          typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}
