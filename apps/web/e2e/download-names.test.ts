import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { parse } from "content-disposition";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import {
  finishedTranscription,
  numberedCues,
} from "../../server/test/support/finished-transcription.js";
import { signedInContext } from "./support/signed-in.js";

const UPLOAD = "會議 錄音 #1.mp3";

describe("download names keep the upload's own name (RFC 6266)", () => {
  const e2e = withServerAndBrowser();

  it("sends filename* in UTF-8 with an ASCII fallback, and the browser saves the CJK name", async () => {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server);
    const id = await finishedTranscription(e2e.server.db, userId, numberedCues(2), UPLOAD);
    const token = (await context.storageState()).cookies.find(
      (cookie) => cookie.name === "verbatim_session",
    )?.value;

    // Over HTTP: both parameters, the fallback pure ASCII, filename* the exact name.
    const response = await fetch(`${e2e.server.base}/api/transcriptions/${id}/export?format=vtt`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const header = response.headers.get("content-disposition") ?? "";
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).toContain("filename=_______1.vtt;");
    expect(header).toContain("filename*=UTF-8''%E6%9C%83%E8%AD%B0%20%E9%8C%84%E9%9F%B3%20%231.vtt");
    expect(parse(header).parameters.filename).toBe("會議 錄音 #1.vtt");

    // In the browser: the history's Download saves "會議 錄音 #1.srt".
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/history`);
    const row = page.getByRole("row", { name: /會議 錄音 #1\.mp3/ });
    const download = page.waitForEvent("download");
    await row.getByRole("button", { name: "Download" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("會議 錄音 #1.srt");
    expect(await readFile((await file.path()) ?? "", "utf8")).toMatch(/^1\n00:00:01,000 --> /);
    await context.close();
  });
});
