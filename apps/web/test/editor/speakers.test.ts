import { describe, expect, it } from "vitest";
import { fromSubtitles, toSubtitles } from "../../src/features/editor/cue-operations";
import { fingerprint, type EditorDraft } from "../../src/features/editor/editor-drafts";
import { createEditorStore } from "../../src/features/editor/editor-history";
import {
  fromPlainTextWithSpeakers,
  toPlainTextWithSpeakers,
} from "../../src/features/editor/plain-speakers";
import { speakerColour, speakerName } from "../../src/features/editor/speakers";
import { openingFor } from "../../src/features/editor/subtitle-editor";
import type { Subtitle } from "../../src/features/editor/types";

const server: Subtitle[] = [
  { id: 1, startTime: "00:00:01,000", endTime: "00:00:03,000", text: "Hello there", speaker: "S1" },
  {
    id: 2,
    startTime: "00:00:04,000",
    endTime: "00:00:06,000",
    text: "Hi, how are you",
    speaker: "S2",
  },
  { id: 3, startTime: "00:00:07,000", endTime: "00:00:09,000", text: "Fine thanks", speaker: "S1" },
];
const speakers = [
  { id: "S1", name: null },
  { id: "S2", name: "Bea" },
];
const unnamed = (n: number) => `Speaker ${n}`;

function store() {
  return createEditorStore(fromSubtitles(server), undefined, speakers);
}

describe("speakers in the editor's history", () => {
  it("keeps each cue's speaker from the server and back", () => {
    expect(fromSubtitles(server).map((cue) => cue.speaker)).toEqual(["S1", "S2", "S1"]);
    expect(toSubtitles(fromSubtitles(server))).toEqual(server);
  });

  it("renames a speaker everywhere in one step, and undo/redo restore the names", () => {
    const editor = store();
    editor.dispatch({ type: "rename-speaker", id: "S1", name: "  Ann " });
    const names = () =>
      editor.get().cues.map((cue) => speakerName(editor.get().speakers!, cue.speaker!, unnamed));
    expect(names()).toEqual(["Ann", "Bea", "Ann"]);
    expect(editor.get().past).toHaveLength(1);
    editor.dispatch({ type: "undo" });
    expect(names()).toEqual(["Speaker 1", "Bea", "Speaker 1"]);
    editor.dispatch({ type: "redo" });
    expect(names()).toEqual(["Ann", "Bea", "Ann"]);
    // A blank name goes back to "Speaker N".
    editor.dispatch({ type: "rename-speaker", id: "S1", name: " " });
    expect(editor.get().speakers?.[0]).toEqual({ id: "S1", name: null });
  });

  it("changes one cue's speaker, adds a new speaker, and undo takes both back", () => {
    const editor = store();
    editor.dispatch({ type: "set-speaker", index: 1, speaker: "S1" });
    expect(editor.get().cues.map((cue) => cue.speaker)).toEqual(["S1", "S1", "S1"]);
    editor.dispatch({ type: "set-speaker", index: 2, speaker: "S3" });
    expect(editor.get().speakers).toEqual([...speakers, { id: "S3", name: null }]);
    expect(editor.get().cues[2]?.speaker).toBe("S3");
    editor.dispatch({ type: "undo" });
    editor.dispatch({ type: "undo" });
    expect(editor.get().speakers).toEqual(speakers);
    expect(editor.get().cues.map((cue) => cue.speaker)).toEqual(["S1", "S2", "S1"]);
  });

  it("undoes a text edit and a speaker change in the order they happened", () => {
    const editor = store();
    editor.dispatch({ type: "edit-text", index: 0, text: "Hello!" });
    editor.dispatch({ type: "rename-speaker", id: "S2", name: "Beatrice" });
    editor.dispatch({ type: "undo" });
    expect(editor.get().speakers?.[1]?.name).toBe("Bea");
    expect(editor.get().cues[0]?.text).toBe("Hello!");
    editor.dispatch({ type: "undo" });
    expect(editor.get().cues[0]?.text).toBe("Hello there");
  });

  it("does nothing with speakers for a transcription that was not diarized", () => {
    const editor = createEditorStore(fromSubtitles(server));
    editor.dispatch({ type: "rename-speaker", id: "S1", name: "Ann" });
    editor.dispatch({ type: "set-speaker", index: 0, speaker: "S2" });
    expect(editor.get().past).toHaveLength(0);
    expect(editor.get().speakers).toBeNull();
  });

  it("keeps the speaker in both halves of a split, and the first cue's in a merge", () => {
    const editor = store();
    editor.dispatch({ type: "split", index: 1, caret: 3 });
    expect(editor.get().cues.map((cue) => [cue.text, cue.speaker])).toEqual([
      ["Hello there", "S1"],
      ["Hi,", "S2"],
      ["how are you", "S2"],
      ["Fine thanks", "S1"],
    ]);
    editor.dispatch({ type: "merge-next", index: 2 });
    expect(editor.get().cues[2]).toMatchObject({
      text: "how are you\nFine thanks",
      speaker: "S2",
    });
    editor.dispatch({ type: "insert-after", index: 0 });
    expect(editor.get().cues[1]?.speaker).toBe("S1");
  });
});

describe("speakers on this device and on the server", () => {
  it("counts a renamed speaker as a change (fingerprint), and stays as before without speakers", () => {
    const renamed = speakers.map((s) => (s.id === "S1" ? { ...s, name: "Ann" } : s));
    expect(fingerprint(server, speakers)).not.toBe(fingerprint(server, renamed));
    const moved = server.map((s, i) => (i === 0 ? { ...s, speaker: "S2" } : s));
    expect(fingerprint(server, speakers)).not.toBe(fingerprint(moved, speakers));
    // Without speakers the fingerprint is the one older drafts were written with.
    expect(fingerprint(server)).toBe(fingerprint(server.map(({ speaker: _, ...s }) => s)));
  });

  it("continues a draft that only renamed a speaker: restored, unsaved, with its undo", () => {
    const editor = store();
    editor.dispatch({ type: "rename-speaker", id: "S1", name: "Ann" });
    const now = editor.get();
    const draft: EditorDraft = {
      id: "t",
      base: fingerprint(server, speakers),
      cues: now.cues,
      speakers: now.speakers,
      past: now.past,
      future: now.future,
      unsaved: true,
      updatedAt: 1,
    };
    // (what IndexedDB gives back is a structured clone)
    const opening = openingFor(server, structuredClone(draft), speakers);
    expect(opening.restored).toBe(true);
    expect(opening.speakers?.[0]).toEqual({ id: "S1", name: "Ann" });
    const reopened = createEditorStore(opening.cues, opening.history, opening.speakers);
    reopened.dispatch({ type: "undo" });
    expect(reopened.get().speakers).toEqual(speakers);
  });

  it("reads a draft written before speakers existed (bare cue arrays in its history)", () => {
    const cues = fromSubtitles(server).map((cue, i) => (i === 0 ? { ...cue, text: "Hi!" } : cue));
    const old: EditorDraft = {
      id: "t",
      base: fingerprint(server, speakers),
      cues,
      past: [fromSubtitles(server)],
      future: [],
      unsaved: true,
      updatedAt: 1,
    };
    const opening = openingFor(server, old, speakers);
    expect(opening.restored).toBe(true);
    expect(opening.speakers).toEqual(speakers);
    expect(opening.history?.past[0]).toEqual({ cues: fromSubtitles(server), speakers });
  });

  it("gives each speaker a colour of its own", () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ id: `S${i + 1}`, name: null }));
    const colours = new Set(many.map((s) => speakerColour(many, s.id).chip));
    expect(colours.size).toBe(10);
  });
});

describe("speakers in the plain view", () => {
  const labels = [
    ["Speaker 1", "S1"],
    ["Bea", "S2"],
  ] as const;
  const cues = fromSubtitles([
    ...server.slice(0, 2),
    { ...server[1]!, id: 3, startTime: "00:00:06,100", endTime: "00:00:06,900", text: "Good" },
    server[2]!,
  ]);

  it("writes a Name: line where the speaker changes, and reads it back unchanged", () => {
    const text = toPlainTextWithSpeakers(cues, labels);
    expect(text).toBe(
      "Speaker 1:\nHello there\n\nBea:\nHi, how are you\n\nGood\n\nSpeaker 1:\nFine thanks",
    );
    expect(fromPlainTextWithSpeakers(text, cues, 10, labels)).toEqual(cues);
  });

  it("moves paragraphs to the speaker whose line now comes before them", () => {
    const text =
      "Speaker 1:\nHello there\n\nBea:\nHi, how are you\n\nSpeaker 1：\nGood\n\nFine thanks";
    const back = fromPlainTextWithSpeakers(text, cues, 10, labels);
    expect(back.map((cue) => [cue.text, cue.speaker])).toEqual([
      ["Hello there", "S1"],
      ["Hi, how are you", "S2"],
      ["Good", "S1"],
      ["Fine thanks", "S1"],
    ]);
    // An unknown name is text, not a speaker.
    const unknown = fromPlainTextWithSpeakers("Zed:\nHello there", cues.slice(0, 1), 10, labels);
    expect(unknown[0]).toMatchObject({ text: "Zed:\nHello there", speaker: "S1" });
  });
});
