import { XMLParser, XMLValidator } from "fast-xml-parser";
import {
  placementFields,
  writeRuns,
  type CueAlign,
  type CuePosition,
  type StyledRun,
} from "../cue-styling.js";
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
 * their text; `ttm:agent` names the speaker. Styles (`tts:fontStyle="italic"`,
 * `tts:fontWeight="bold"`, `tts:textDecoration="underline"`, on the element or a referenced
 * `<style>`) are kept as the cue's italics, bold and underline; a region shown in the top half
 * (`tts:displayAlign="before"` or an origin above the middle) as the top, `tts:textAlign` as
 * the alignment.
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
  const styles = styleSheet(tt);
  const regions = regionPlaces(tt, styles);
  const items: {
    start: number;
    end: number;
    text: string;
    agent?: string;
    position?: CuePosition;
    align?: CueAlign;
  }[] = [];
  const walk = (
    nodes: readonly XmlNode[],
    parentBegin: number,
    parentEnd: number,
    inherited: Record<string, string>,
  ) => {
    for (const node of nodes) {
      const name = elementName(node);
      if (name === null || name === "head") continue;
      const attributes = node[":@"] ?? {};
      const begin = parentBegin + (timeOf(attributes.begin, base) ?? 0);
      const ownEnd = timeOf(attributes.end, base);
      const dur = timeOf(attributes.dur, base);
      const end = ownEnd !== null ? parentBegin + ownEnd : dur !== null ? begin + dur : parentEnd;
      const children = (node[name] as XmlNode[] | undefined) ?? [];
      const own = styled(attributes, styles, inherited);
      if (name === "p") {
        const agent = attributes.agent?.trim().split(/\s+/u)[0];
        const region = own.region !== undefined ? regions.get(own.region) : undefined;
        items.push({
          start: begin,
          end: Number.isFinite(end) ? end : begin,
          text: paragraphText(children, own, styles),
          ...(agent ? { agent: agents.get(agent) ?? agent } : {}),
          ...placementFields(region, alignOf(own.textAlign)),
        });
      } else {
        walk(children, begin, end, own);
      }
    }
  };
  walk(tt, 0, Infinity, {});
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

/**
 * A `<p>`'s text as markup: spans are their text in their styles, `<br/>` a line break, white
 * space collapsed.
 */
function paragraphText(
  nodes: readonly XmlNode[],
  paragraph: Record<string, string>,
  styles: ReadonlyMap<string, Record<string, string>>,
): string {
  const runs: StyledRun[] = [];
  const flatten = (list: readonly XmlNode[], style: Record<string, string>) => {
    for (const node of list) {
      if (node["#text"] !== undefined) {
        runs.push({
          text: String(node["#text"]).replace(/\s+/gu, " "),
          italic: /^(?:italic|oblique)/u.test(style.fontStyle ?? ""),
          bold: style.fontWeight === "bold",
          underline: /(?:^|\s)underline\b/u.test(style.textDecoration ?? ""),
        });
        continue;
      }
      const name = elementName(node);
      if (name === "br") runs.push({ text: "\n", italic: false, bold: false, underline: false });
      if (name === null || name === "metadata" || name === "br") continue;
      flatten((node[name] as XmlNode[] | undefined) ?? [], styled(node[":@"] ?? {}, styles, style));
    }
  };
  flatten(nodes, paragraph);
  return writeRuns(runs)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n");
}

/** Style attributes that `<span>`s and `<p>`s inherit (and a `<p>`'s region). */
const INHERITED = ["fontStyle", "fontWeight", "textDecoration", "textAlign", "region"] as const;

/**
 * An element's computed styles: its parent's, then its referenced `<style>`s' (in order), then
 * its own attributes (TTML's order of precedence, simplified).
 */
function styled(
  attributes: Record<string, string>,
  styles: ReadonlyMap<string, Record<string, string>>,
  inherited: Record<string, string>,
): Record<string, string> {
  const out = { ...inherited };
  for (const id of (attributes.style ?? "").split(/\s+/u)) {
    const referenced = styles.get(id);
    if (referenced) Object.assign(out, pick(referenced));
  }
  return Object.assign(out, pick(attributes));
}

function pick(attributes: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of INHERITED) {
    const value = attributes[key];
    if (value !== undefined) out[key] = value.trim();
  }
  return out;
}

/** The head's `<style>`s by id, each with what it references folded in. */
function styleSheet(tt: readonly XmlNode[]): Map<string, Record<string, string>> {
  const raw = new Map<string, Record<string, string>>();
  forEachInHead(tt, "style", (attributes) => {
    if (attributes.id) raw.set(attributes.id, attributes);
  });
  const out = new Map<string, Record<string, string>>();
  for (const [id, attributes] of raw) out.set(id, styled(attributes, raw, {}));
  return out;
}

/** Each region's place: the top when it shows text at the top half of the picture. */
function regionPlaces(
  tt: readonly XmlNode[],
  styles: ReadonlyMap<string, Record<string, string>>,
): Map<string, CuePosition> {
  const places = new Map<string, CuePosition>();
  forEachInHead(tt, "region", (attributes) => {
    if (!attributes.id) return;
    const referenced = (attributes.style ?? "")
      .split(/\s+/u)
      .map((id) => styles.get(id))
      .find((found) => found !== undefined);
    const displayAlign = attributes.displayAlign ?? referenced?.displayAlign ?? "before";
    const originY = Number(/^\S+\s+(-?[\d.]+)%/u.exec(attributes.origin ?? "")?.[1] ?? NaN);
    const extentY = Number(/^\S+\s+(-?[\d.]+)%/u.exec(attributes.extent ?? "")?.[1] ?? NaN);
    const top =
      Number.isFinite(originY) && Number.isFinite(extentY) && originY + extentY <= 50
        ? true
        : Number.isFinite(originY) && originY >= 50
          ? false
          : displayAlign === "before";
    places.set(attributes.id, top ? "top" : "bottom");
  });
  return places;
}

/** Every element of a kind under the head, by its attributes. */
function forEachInHead(
  tt: readonly XmlNode[],
  kind: string,
  visit: (attributes: Record<string, string>) => void,
): void {
  const walk = (nodes: readonly XmlNode[], inHead: boolean) => {
    for (const node of nodes) {
      const name = elementName(node);
      if (name === null) continue;
      if (inHead && name === kind) visit(node[":@"] ?? {});
      if (name === "head" || (inHead && (name === "styling" || name === "layout"))) {
        walk((node[name] as XmlNode[] | undefined) ?? [], true);
      }
    }
  };
  walk(tt, false);
}

function alignOf(textAlign: string | undefined): CueAlign | undefined {
  if (textAlign === "left" || textAlign === "start") return "left";
  if (textAlign === "right" || textAlign === "end") return "right";
  return undefined;
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
