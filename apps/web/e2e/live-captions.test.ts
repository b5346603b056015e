// The live captions journey in Chromium with a fake microphone fed from a WAV file: start on
// /live, partial then final text on the speaker's page and on a signed-out viewer's watch page,
// a cut connection that comes back with nothing lost, stop, and the transcription in History
// with its audio, charged by the second. Random-weight Whisper: the words mean nothing, their
// arrival and timing are what is checked.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { fastEngineEnv } from "../../server/test/support/transcription-app.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

const SPEECH = new URL("../../../fixtures/media/lj001-0002.flac", import.meta.url).pathname;
const scratch = scratchDir("verbatim-e2e-live-");
const shots = process.env.LIVE_SCREENSHOTS; // a folder: the pages at phone and desktop size
// Registered first, so run last: the scratch folder goes after the server.
afterAll(() => scratch.cleanup());
const e2e = withServerAndBrowser(
  async () => {
    // Speech between silences, looped by Chromium's fake capture device.
    const wav = join(scratch.dir, "speech.wav");
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-t", "1", "-i", "anullsrc=r=16000:cl=mono"],
      ...["-i", SPEECH, "-f", "lavfi", "-t", "2", "-i", "anullsrc=r=16000:cl=mono"],
      ...["-filter_complex", "[0:a][1:a][2:a]concat=n=3:v=0:a=1", "-ar", "16000", "-ac", "1", wav],
    ]);
    return {
      env: { ...(await fastEngineEnv()), LIVE_IDLE_SECONDS: "30" },
      browserArgs: [
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-audio-capture=${wav}`,
        "--autoplay-policy=no-user-gesture-required",
      ],
    };
  },
  { timeoutMs: 120_000 },
);

describe("live captions in the browser", () => {
  it("speaker and viewer see partial then final text; a cut loses nothing; stop saves and charges", async () => {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server, {
      width: 390,
      height: 844,
    });
    // Keep hold of the page's sockets, to cut the connection as a network would.
    await context.addInitScript(() => {
      const Original = WebSocket;
      const sockets: WebSocket[] = [];
      (globalThis as unknown as { liveSockets: WebSocket[] }).liveSockets = sockets;
      globalThis.WebSocket = class extends Original {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          sockets.push(this);
        }
      } as typeof WebSocket;
    });
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/live`);
    await page.getByRole("button", { name: "Start" }).click();
    await page
      .getByText("Recording", { exact: true })
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}: ${await page.locator("main").innerText()}`);
      });
    // The page says which model recognises the session (routed by the language).
    expect(await page.locator("[data-family='whisper']").innerText()).toMatch(
      /^Recognised by Whisper \(.+\)$/,
    );
    const watchUrl = await page.locator("a[href*='/l/']").getAttribute("href");
    expect(watchUrl).toMatch(/\/l\/[\w-]{43}$/);

    const viewerContext = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const viewer = await viewerContext.newPage();
    await viewer.goto(watchUrl!);

    const speaker = page.getByTestId("live-captions");
    await speaker.locator("[data-kind=partial]").first().waitFor({ timeout: 30_000 });
    await speaker.locator("[data-kind=final]").first().waitFor({ timeout: 30_000 });
    await viewer.getByTestId("watch-captions").locator("[data-kind=final]").first().waitFor({
      timeout: 30_000,
    });
    if (shots) {
      await page.screenshot({ path: join(shots, "live-phone.png") });
      await viewer.screenshot({ path: join(shots, "watch-phone.png") });
    }

    // A cut: the socket drops; the page says so, comes back, and resends what was not acknowledged.
    await page.evaluate(() =>
      (globalThis as unknown as { liveSockets: WebSocket[] }).liveSockets.at(-1)!.close(4001),
    );
    await page.waitForFunction(
      () => (globalThis as unknown as { liveSockets: WebSocket[] }).liveSockets.length >= 2,
    );
    await page.waitForTimeout(1_500); // audio keeps coming after the reconnect
    const recordedMs = await page.evaluate(() => performance.now());

    await page.getByRole("button", { name: "Stop and save" }).click();
    await page.getByText("Saved as a transcription.").waitFor({ timeout: 60_000 });
    await viewer.getByText("This live session has ended.").waitFor();
    expect(recordedMs).toBeGreaterThan(0);

    const row = await e2e.server.db
      .selectFrom("transcriptions")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    const session = await e2e.server.db
      .selectFrom("live_sessions")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("completed");
    // Nothing lost, nothing twice: the transcription is exactly the audio the session took in,
    // and the session ran without a gap (its captured audio covers its time but for the start).
    expect(row.duration_ms).toBe(session.captured_ms);
    const wallMs = Date.parse(session.ended_at!) - Date.parse(session.created_at);
    expect(row.duration_ms).toBeGreaterThan(wallMs - 4_000);
    expect(row.duration_ms).toBeLessThanOrEqual(wallMs + 2_000);
    expect(row.charged_seconds).toBe(Math.ceil(row.duration_ms / 1000));
    expect(row.audio_path && existsSync(row.audio_path)).toBe(true);

    await page.getByRole("link", { name: "Open it" }).click();
    await page.goto(`${e2e.server.base}/history`);
    await page.getByText(row.file_name).first().waitFor();
    await viewerContext.close();
    await context.close();
  }, 180_000);
});
