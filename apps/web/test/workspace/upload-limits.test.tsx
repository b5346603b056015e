import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UploadLimits } from "../../src/api/types";
import { DropZone } from "../../src/features/workspace/drop-zone";
import { fileProblem } from "../../src/features/workspace/file-rules";
import { useUploadLimits } from "../../src/features/workspace/upload-limits";
import { json } from "../api-answers";
import { renderPage } from "../render";

const MB = 1024 * 1024;

/** The server's answer for a MAX_UPLOAD_MB of `mb`. */
function serverAllows(mb: number) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(() =>
      Promise.resolve(json({ maxUploadBytes: mb * MB } satisfies UploadLimits)),
    );
}

/** Says whether a file of `bytes` may be sent, by the limit the page knows. */
function Harness({ bytes }: { bytes: number }) {
  const { maxFileBytes } = useUploadLimits();
  const problem = fileProblem({ name: "talk.mp3", type: "audio/mpeg", size: bytes }, maxFileBytes);
  return <p>{problem ?? "fits"}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe("the upload limit the web app applies", () => {
  it("is the server's MAX_UPLOAD_MB, not a number of its own, in the texts too", async () => {
    const fetch = serverAllows(7);
    await renderPage(<DropZone onFile={() => undefined} />, { language: "zh-HK" });
    expect(await screen.findByText(/最大 7 MB/)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith("/api/uploads/limits", expect.anything());
  });

  it("refuses a file over a smaller server limit and accepts one under a larger", async () => {
    serverAllows(7);
    const small = await renderPage(<Harness bytes={8 * MB} />);
    await waitFor(() => expect(screen.getByText("size")).toBeInTheDocument());
    small.unmount();
    vi.restoreAllMocks();
    serverAllows(500);
    await renderPage(<Harness bytes={300 * MB} />);
    await waitFor(() => expect(screen.getByText("fits")).toBeInTheDocument());
  });
});
