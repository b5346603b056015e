import { onTestFinished, vi } from "vitest";
import type { User } from "../../src/api/types";

/**
 * Mocks fetch with a handler per "METHOD path". Any other call fails the test: the fetch
 * rejects (as a network error would), and because a component may catch that and carry on,
 * the test is also failed when it finishes, naming every unexpected call.
 */
export function mockApi(
  handlers: Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>,
) {
  const unexpected: string[] = [];
  onTestFinished(() => {
    if (unexpected.length > 0) {
      throw new Error(`unexpected API calls (no handler in mockApi): ${unexpected.join(", ")}`);
    }
  });
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? "GET"} ${new URL(url, "http://localhost").pathname}`;
    const handler = handlers[key];
    if (!handler) {
      unexpected.push(key);
      throw new Error(`unexpected call ${key}`);
    }
    return handler(init);
  });
}

export const USER = {
  id: "u1",
  email: "ada@example.com",
  name: "Ada",
  createdAt: "2024-03-01T10:00:00.000Z",
  credits: 20,
  additionalCredits: 0,
  isAdmin: false,
  commentMails: true,
} satisfies User;
