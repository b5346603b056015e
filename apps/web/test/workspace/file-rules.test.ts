import { describe, expect, it } from "vitest";
import {
  chunkRanges,
  CHUNK_BYTES,
  fileProblem,
  isLargeFile,
  DEFAULT_MAX_FILE_BYTES as MAX_FILE_BYTES,
  megabytes,
  WHOLE_UPLOAD_LIMIT_BYTES,
} from "../../src/features/workspace/file-rules";
import { helpKind } from "../../src/features/workspace/error-panel";

const MB = 1024 * 1024;

describe("the file rules", () => {
  it.each([
    [{ name: "talk.mp3", type: "", size: 1 }, null],
    [{ name: "clip.MP4", type: "", size: 1 }, null],
    [{ name: "memo", type: "audio/x-m4a", size: 1 }, null],
    [{ name: "screen.webm", type: "video/webm", size: 1 }, null],
    [{ name: "lecture.flac", type: "", size: 1 }, null],
    [{ name: "notes.txt", type: "text/plain", size: 1 }, "type"],
    [{ name: "photo.jpg", type: "image/jpeg", size: 1 }, "type"],
    [{ name: "big.mp3", type: "audio/mpeg", size: MAX_FILE_BYTES + 1 }, "size"],
    [{ name: "edge.mp3", type: "audio/mpeg", size: MAX_FILE_BYTES }, null],
  ])("%j → %s", (file, problem) => {
    expect(fileProblem(file)).toBe(problem);
  });

  it("sends files over 25 MB in 15 MB chunks that cover every byte once", () => {
    expect(isLargeFile({ size: WHOLE_UPLOAD_LIMIT_BYTES })).toBe(false);
    expect(isLargeFile({ size: WHOLE_UPLOAD_LIMIT_BYTES + 1 })).toBe(true);
    const size = 61 * MB + 123;
    const ranges = chunkRanges(size);
    expect(ranges).toHaveLength(5);
    expect(ranges[0]).toEqual({ start: 0, end: CHUNK_BYTES });
    expect(ranges.at(-1)?.end).toBe(size);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]?.start).toBe(ranges[i - 1]?.end);
    expect(megabytes(size)).toBe("61.0");
  });

  it("picks the help from the failure's code, whatever language its text is in", () => {
    expect(helpKind({ message: "檔案太大。", code: "FILE_TOO_LARGE" })).toBe("helpLarge");
    expect(helpKind({ message: "x", code: "HTTP_502" })).toBe("helpLarge");
    expect(helpKind({ message: "x", code: "TIMEOUT" })).toBe("helpLarge");
    expect(helpKind({ message: "x", code: "INPUT_NOT_MEDIA" })).toBe("helpGeneral");
    expect(helpKind({ message: "File too large" })).toBe("helpGeneral");
  });
});
