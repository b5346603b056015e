// A big video goes up as its sound alone: the browser takes the audio track out (no server
// sees the picture), so a 1 GB recording costs a few hundred kilobytes of upload.
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { withEngineServer } from "./support/engine-e2e.js";
import { signedInContext } from "./support/signed-in.js";

describe("a video over the upload limit", () => {
  const e2e = withEngineServer("verbatim-e2e-big-video-");

  it(
    "uploads a 1 GB video as its audio track and transcribes it",
    { timeout: 240_000 },
    async () => {
      // 22 s of uncompressed 720p picture (1 GB) with the speech as AAC: cheap to make, huge.
      const video = join(e2e.dir, "town hall.mov");
      ffmpeg(
        ...[
          "-f",
          "lavfi",
          "-i",
          "testsrc2=size=1280x720:rate=25",
          "-stream_loop",
          "1",
          "-i",
          JFK_MP3,
        ],
        ...[
          "-t",
          "22",
          "-c:v",
          "rawvideo",
          "-pix_fmt",
          "uyvy422",
          "-c:a",
          "aac",
          "-b:a",
          "64k",
          video,
        ],
      );
      const size = statSync(video).size;
      expect(size).toBeGreaterThan(1_000_000_000);

      const { context, userId } = await signedInContext(e2e.browser, e2e.server);
      const page = await context.newPage();
      const sent: number[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && /\/api\/(transcribe|uploads)/.test(request.url())) {
          sent.push(request.postDataBuffer()?.length ?? 0);
        }
      });
      await page.goto(`${e2e.server.base}/`);
      await page.setInputFiles('input[type="file"]', video);
      await page.getByRole("button", { name: "Start transcription" }).click();
      await page.getByText(/^Sending the audio only: /).waitFor({ timeout: 120_000 });
      await page.getByRole("textbox", { name: "Text of subtitle 1" }).waitFor({ timeout: 180_000 });

      // What went over the wire: one small request, not a gigabyte in chunks.
      expect(sent.length).toBe(1);
      expect(sent[0]).toBeLessThan(1_000_000);
      const job = await e2e.server.db
        .selectFrom("transcriptions")
        .select(["file_name", "media_bytes", "duration_ms", "status"])
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      expect(job.file_name).toBe("town hall.mov"); // the user's name for it, kept
      expect(job.status).toBe("completed");
      expect(job.media_bytes).toBeLessThan(size / 1000);
      expect(job.duration_ms).toBeGreaterThan(21_000);
      expect(job.duration_ms).toBeLessThan(23_000);
      await context.close();
    },
  );
});
