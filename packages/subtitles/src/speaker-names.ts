import type { Speaker } from "./cue.js";

/** How speakers are named in an output: their list, and the language of unnamed ones' labels. */
export interface SpeakerNaming {
  /** The transcript's speakers; a cue's `speaker` id is looked up here for its name. */
  speakers?: readonly Speaker[] | undefined;
  /** The output's interface language ("en", "zh-HK"): an unnamed speaker is "講者 N" in Chinese. */
  locale?: string | undefined;
}

/** How a writer labels speakers: by name (default) when cues carry speakers, or not at all. */
export interface SpeakerOutput extends SpeakerNaming {
  /** False leaves speakers out of the text (names, voice spans, paragraph heads); default true. */
  speakerNames?: boolean | undefined;
}

const NUMBERED_ID = /^S([1-9]\d{0,5})$/;

/** "Speaker N" in English, "講者 N" in Chinese: what an unnamed speaker is called. */
export function defaultSpeakerName(number: number, locale?: string): string {
  return `${isChinese(locale) ? "講者" : "Speaker"} ${number}`;
}

/**
 * The name shown for a speaker id everywhere (editor, exports, API answers): the name the user
 * gave or the saved voice it matched, else "Speaker N" by the id's number ("S2" is Speaker 2),
 * or by its place in the list for ids not of that form. Whitespace is folded into single spaces
 * so a name never breaks a subtitle line.
 */
export function speakerDisplayName(id: string, naming: SpeakerNaming = {}): string {
  const speakers = naming.speakers ?? [];
  const at = speakers.findIndex((speaker) => speaker.id === id);
  const name = speakers[at]?.name?.replace(/\s+/gu, " ").trim();
  if (name) return name;
  const numbered = NUMBERED_ID.exec(id);
  const number = numbered ? Number(numbered[1]) : at >= 0 ? at + 1 : null;
  return number === null ? id : defaultSpeakerName(number, naming.locale);
}

/**
 * The speaker a default name stands for ("Speaker 2" or "講者 2" → "S2"), so that a file written
 * with unnamed speakers reads back as the same unnamed speakers; null for any other name.
 */
export function idOfDefaultName(name: string): string | null {
  const match = /^(?:Speaker|講者)\s+([1-9]\d{0,5})$/u.exec(name.trim());
  return match ? `S${match[1]}` : null;
}

/**
 * Speakers for names read from a file, in order of first appearance: default names keep their
 * number and no name, other names take the lowest free "S" numbers.
 */
export function speakersFromNames(names: readonly string[]): {
  speakers: Speaker[];
  idOf: (name: string) => string;
} {
  const distinct = [...new Set(names)];
  const byName = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of distinct) {
    const id = idOfDefaultName(name);
    if (id && !taken.has(id)) {
      byName.set(name, id);
      taken.add(id);
    }
  }
  let next = 1;
  for (const name of distinct) {
    if (byName.has(name)) continue;
    while (taken.has(`S${next}`)) next += 1;
    byName.set(name, `S${next}`);
    taken.add(`S${next}`);
  }
  const speakers = distinct.map((name) => {
    const id = byName.get(name) ?? "";
    return { id, name: idOfDefaultName(name) === id ? null : name };
  });
  return { speakers, idOf: (name) => byName.get(name) ?? "" };
}

function isChinese(locale: string | undefined): boolean {
  return locale !== undefined && /^zh\b/i.test(locale);
}
