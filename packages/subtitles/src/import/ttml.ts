import { XMLParser, XMLValidator } from "fast-xml-parser";
import { speakersFromNames } from "../speaker-names.js";
import { SubtitleImportError } from "./import-error.js";
import { timedCues, type ImportedCues } from "./imported-cues.js";

/** A node as fast-xml-parser gives it with `preserveOrder`: one element or a text. */
type XmlNode = { "#text"?: string; ":@"?: Record<string, string> } & Record<string, unknown>;

/** Timing parameters of the document (`ttp:frameRate`, `ttp:tickRate`, …). */
interface TimeBase {
  frameRate: number;
  subFrameRate: number;
  tickRate: number;
}

const PARSER = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  // Entities defined in the file are expanded within the parser's limits (no "billion laughs").
  processEntities: { enabled: true, maxTotalExpansions: 1000, maxExpandedLength: 100_000 },
});

/**
 * TTML, DFXP and IMSC: each `<p>` is a cue; `begin`, `end` and `dur` in clock time
 * (`00:00:01.500`, `00:00:01:12` frames) or offsets (`1.5s`, `1500ms`, `30f`, `9000t`),
 * counted from the enclosing `body`/`div`'s own `begin`; `<br/>` is a line break, spans are
 * their text; `ttm:agent` names the speaker.
 */
export function importTtml(text: string): ImportedCues {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw invalid(`line ${valid.err.line}: ${valid.err.msg}`);
  let document: XmlNode[];
  try {
    document = PARSER.parse(text) as XmlNode[];
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : String(error), error);
  }
  const tt = document.map((node) => childrenOf(node, "tt")).find((found) => found !== null);
  const ttAttributes = document.find((node) => "tt" in node)?.[":@"] ?? {};
  if (!tt) throw invalid("there is no <tt> element");
  const base = timeBase(ttAttributes);
  const agents = agentNames(tt);
  const items: { start: number; end: number; text: string; agent?: string }[] = [];
  const walk = (nodes: readonly XmlNode[], parentBegin: number, parentEnd: number) => {
    for (const node of nodes) {
      const name = elementName(node);
      if (name === null || name === "head") continue;
      const attributes = node[":@"] ?? {};
      const begin = parentBegin + (timeOf(attributes.begin, base) ?? 0);
      const ownEnd = timeOf(attributes.end, base);
      const dur = timeOf(attributes.dur, base);
      const end = ownEnd !== null ? parentBegin + ownEnd : dur !== null ? begin + dur : parentEnd;
      const children = (node[name] as XmlNode[] | undefined) ?? [];
      if (name === "p") {
        const agent = attributes.agent?.trim().split(/\s+/u)[0];
        items.push({
          start: begin,
          end: Number.isFinite(end) ? end : begin,
          text: paragraphText(children),
          ...(agent ? { agent: agents.get(agent) ?? agent } : {}),
        });
      } else {
        walk(children, begin, end);
      }
    }
  };
  walk(tt, 0, Infinity);
  const { speakers, idOf } = speakersFromNames(
    items.flatMap((item) => (item.agent !== undefined ? [item.agent] : [])),
  );
  const cues = timedCues(
    items.map(({ agent, ...item }) =>
      agent !== undefined ? { ...item, speaker: idOf(agent) } : item,
    ),
  );
  return { cues, ...(speakers.length > 0 ? { speakers } : {}), timed: true };
}

/** Whether text is TTML: XML whose root is `tt` (with or without a prefix). */
export function looksLikeTtml(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:\w+:)?tt[\s>]/u.test(
    text.slice(0, 4096),
  );
}

function elementName(node: XmlNode): string | null {
  return Object.keys(node).find((key) => key !== ":@" && key !== "#text") ?? null;
}

function childrenOf(node: XmlNode, name: string): XmlNode[] | null {
  const children = node[name];
  return Array.isArray(children) ? (children as XmlNode[]) : null;
}

/** A `<p>`'s text: spans are their text, `<br/>` a line break, white space collapsed. */
function paragraphText(nodes: readonly XmlNode[]): string {
  const flatten = (list: readonly XmlNode[]): string =>
    list
      .map((node) => {
        if (node["#text"] !== undefined) return String(node["#text"]).replace(/\s+/gu, " ");
        const name = elementName(node);
        if (name === "br") return "\n";
        if (name === null || name === "metadata") return "";
        return flatten((node[name] as XmlNode[] | undefined) ?? []);
      })
      .join("");
  return flatten(nodes)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n");
}

/** `ttm:agent` ids and their `ttm:name`, from the head's metadata. */
function agentNames(tt: readonly XmlNode[]): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (nodes: readonly XmlNode[]) => {
    for (const node of nodes) {
      const name = elementName(node);
      if (name === null) continue;
      const children = (node[name] as XmlNode[] | undefined) ?? [];
      if (name === "agent") {
        const id = node[":@"]?.id;
        const label = children
          .map((child) => childrenOf(child, "name"))
          .find((found) => found !== null)
          ?.map((text) => text["#text"] ?? "")
          .join("")
          .trim();
        if (id && label) names.set(id, label);
      } else if (name === "head" || name === "metadata") {
        visit(children);
      }
    }
  };
  visit(tt);
  return names;
}

function timeBase(attributes: Record<string, string>): TimeBase {
  const positive = (value: string | undefined, fallback: number) => {
    const number = Number(value);
    return Number.isFinite(number) && number > 0 ? number : fallback;
  };
  const frameRate = positive(attributes.frameRate, 30);
  const [numerator, denominator] = (attributes.frameRateMultiplier ?? "1 1").split(/\s+/u);
  const multiplier = positive(numerator, 1) / positive(denominator, 1);
  const effective = frameRate * multiplier;
  return {
    frameRate: effective,
    subFrameRate: positive(attributes.subFrameRate, 1),
    tickRate: positive(attributes.tickRate, effective > 0 ? effective : 1),
  };
}

const CLOCK_TIME = /^(\d+):(\d{2}):(\d{2})(?:(\.\d+)|:(\d+)(?:\.(\d+))?)?$/u;
const OFFSET_TIME = /^(\d+(?:\.\d+)?)(h|ms|m|s|f|t)$/u;

/** A TTML time expression in milliseconds, or null when absent or unreadable. */
function timeOf(value: string | undefined, base: TimeBase): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  const clock = CLOCK_TIME.exec(text);
  if (clock) {
    const [, h = "0", m = "0", s = "0", fraction, frames, subFrames] = clock;
    let seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
    if (fraction) seconds += Number(fraction);
    if (frames) seconds += Number(frames) / base.frameRate;
    if (subFrames) seconds += Number(subFrames) / base.subFrameRate / base.frameRate;
    return seconds * 1000;
  }
  const offset = OFFSET_TIME.exec(text);
  if (!offset) return null;
  const amount = Number(offset[1]);
  const unitMs: Record<string, number> = {
    h: 3_600_000,
    m: 60_000,
    s: 1000,
    ms: 1,
    f: 1000 / base.frameRate,
    t: 1000 / base.tickRate,
  };
  return amount * (unitMs[offset[2] ?? "s"] ?? 1000);
}

function invalid(reason: string, cause?: unknown): SubtitleImportError {
  return new SubtitleImportError(
    "SUBTITLE_FILE_INVALID",
    `This TTML file is not valid XML (${reason.slice(0, 200)}).`,
    cause === undefined ? undefined : { cause },
  );
}
