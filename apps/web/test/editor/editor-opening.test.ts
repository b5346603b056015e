import { describe, expect, it } from "vitest";
import { fromSubtitles, toSubtitles } from "../../src/features/editor/cue-operations";
import { fingerprint, type EditorDraft } from "../../src/features/editor/editor-drafts";
import { openingFor } from "../../src/features/editor/subtitle-editor";
import type { Subtitle } from "../../src/features/editor/types";

const server: Subtitle[] = [
  { id: 1, startTime: "00:00:01,000", endTime: "00:00:02,000", text: "One" },
  { id: 2, startTime: "00:00:03,000", endTime: "00:00:04,000", text: "Two" },
];

function draft(text: string, base: string): EditorDraft {
  const cues = fromSubtitles(server).map((cue, i) => (i === 0 ? { ...cue, text } : cue));
  return {
    id: "t",
    base,
    cues,
    past: [fromSubtitles(server)],
    future: [],
    unsaved: true,
    updatedAt: 1,
  };
}

describe("what the editor opens with", () => {
  it("the server's subtitles when the device has no draft", () => {
    expect(openingFor(server, null)).toMatchObject({ restored: false, offer: null });
    expect(toSubtitles(openingFor(server, null).cues)).toEqual(server);
  });

  it("continues a draft made from the version the server still holds (restored, undo kept)", () => {
    const opening = openingFor(server, draft("One!", fingerprint(server)));
    expect(opening.restored).toBe(true);
    expect(opening.cues[0]?.text).toBe("One!");
    expect(opening.history?.past).toHaveLength(1);
  });

  it("offers, and does not apply, a draft made from a version since replaced", () => {
    const opening = openingFor(server, draft("One!", "some older version"));
    expect(opening.restored).toBe(false);
    expect(opening.offer?.cues[0]?.text).toBe("One!");
    expect(toSubtitles(opening.cues)).toEqual(server);
  });

  it("keeps only the undo history of a draft the server already has", () => {
    const opening = openingFor(server, draft("One", "whatever"));
    expect(opening).toMatchObject({ restored: false, offer: null });
    expect(opening.history?.past).toHaveLength(1);
  });
});
