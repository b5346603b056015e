import type { Browser, BrowserContext } from "playwright-core";
import { signedInUser } from "../../../server/test/support/transcription-app.js";
import type { E2eServer } from "./e2e-server.js";

/** A browser context already signed in as a new user, in a language and at a width. */
export async function signedInContext(
  browser: Browser,
  server: E2eServer,
  {
    language = "en",
    width = 1280,
    height = 900,
    email,
  }: { language?: "en" | "zh-HK"; width?: number; height?: number; email?: string } = {},
): Promise<{ context: BrowserContext; userId: string }> {
  const user = await signedInUser(server.db, email ? { email } : {});
  const context = await browser.newContext({
    viewport: { width, height },
    acceptDownloads: true,
  });
  await context.addInitScript(
    ([token, language]) => {
      // Only on the first page: the app rotates the token later, and a reload must keep that.
      const storage = (
        globalThis as unknown as {
          localStorage: {
            getItem(key: string): string | null;
            setItem(key: string, value: string): void;
          };
        }
      ).localStorage;
      if (storage.getItem("authToken")) return;
      storage.setItem("authToken", token);
      storage.setItem("authTokenExpiration", new Date(Date.now() + 864e5 * 30).toISOString());
      storage.setItem("language", language);
    },
    [user.token, language] as const,
  );
  // The session cookie too, for the event stream (EventSource sends cookies, not headers).
  await context.addCookies([{ name: "verbatim_session", value: user.token, url: server.base }]);
  return { context, userId: user.id };
}
