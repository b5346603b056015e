import bidiJs from "bidi-js";
import LineBreaker from "linebreak";
import { PdfFonts, type PdfFace, type Weight } from "./pdf-fonts.js";

/** A piece of a paragraph in one style. */
export interface TextSpan {
  text: string;
  weight: Weight;
  /** Points. */
  size: number;
  /** CSS colour ("#52525B"). */
  colour: string;
}

export interface ParagraphOptions {
  /** Left edge and width of the text column, in points. */
  x: number;
  width: number;
  /** Extra space between lines, in points. */
  lineGap?: number;
  /** "center", or the paragraph's own direction's start (right for Hebrew and Arabic). */
  align?: "start" | "center";
  /** Where the first line's top goes; the document's current y without. */
  y?: number;
  /** The paragraph's direction: "auto" (default) from its first strong letter, as UAX #9 says. */
  direction?: "ltr" | "auto";
  /** False: the paragraph may run into the bottom margin and never starts a page. */
  pageBreaks?: boolean;
}

/** A grapheme of a paragraph: its place in the text, style and face. */
interface Cluster {
  start: number;
  end: number;
  text: string;
  span: TextSpan;
  face: PdfFace;
}

/** Clusters of one face, style and direction level, drawn with one call. */
interface Run {
  clusters: Cluster[];
  level: number;
}

/**
 * Shape each run as a whole: without `features` pdfkit lays text out a word at a time and puts
 * the words left to right, which reverses the words of a right-to-left run and shapes no
 * further than a word. (The fonts' default features still apply.)
 */
const WHOLE_RUN = { features: [] };

const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });
// bidi-js is CommonJS with types that declare an ES default export: under Node the default
// import is the factory itself, where TypeScript sees the module object.
const bidi = (bidiJs as unknown as typeof bidiJs.default)();

/**
 * Writes paragraphs into a pdfkit document in any script: each grapheme in a font that has it
 * (PdfFonts), lines broken at the places UAX #14 allows (the `linebreak` library, as pdfkit
 * itself does), and each line put in visual order by the Unicode bidirectional algorithm
 * (`bidi-js`), so Hebrew and Arabic read right to left, numbers and Latin words inside them
 * left to right. Shaping (Arabic joining forms, Indic reordering and conjuncts, Thai marks) is
 * fontkit's, inside pdfkit, run over each run of one font and one direction.
 */
export class PdfTextWriter {
  private readonly registered = new Set<string>();

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly fonts: PdfFonts,
  ) {}

  /** Writes a paragraph at the document's y (or `y`), moving y below it. */
  paragraph(spans: readonly TextSpan[], options: ParagraphOptions): void {
    const pdf = this.pdf;
    const clusters = this.clustersOf(spans);
    if (clusters.length === 0) return;
    const text = clusters.map((cluster) => cluster.text).join("");
    const levels = bidi.getEmbeddingLevels(text, options.direction ?? "auto");
    const rtl = (levels.paragraphs[0]?.level ?? 0) % 2 === 1;
    let y = options.y ?? pdf.y;
    for (const line of this.lines(text, clusters, options.width)) {
      const runs = visualRuns(line, levels.levels);
      const pieces = runs.map((run) => this.piece(run, text, levels));
      const width = pieces.reduce((sum, piece) => sum + piece.width, 0);
      const ascent = Math.max(
        ...line.map((c) => (c.face.font.ascent / c.face.font.unitsPerEm) * c.span.size),
      );
      const descent = Math.max(
        ...line.map((c) => (-c.face.font.descent / c.face.font.unitsPerEm) * c.span.size),
      );
      const bottom = pdf.page.height - pdf.page.margins.bottom;
      if (
        options.pageBreaks !== false &&
        y + ascent + descent > bottom &&
        y > pdf.page.margins.top
      ) {
        pdf.addPage();
        y = pdf.page.margins.top;
      }
      let x = options.x;
      if (options.align === "center") x += (options.width - width) / 2;
      else if (rtl) x += options.width - width;
      const baseline = y + ascent;
      for (const piece of pieces) {
        this.use(piece.face).fontSize(piece.size).fillColor(piece.colour);
        pdf.text(piece.text, x, baseline, {
          ...WHOLE_RUN,
          lineBreak: false,
          baseline: "alphabetic",
        });
        x += piece.width;
      }
      y = baseline + descent + (options.lineGap ?? 0);
    }
    pdf.x = options.x;
    pdf.y = y;
  }

  /** The paragraph's graphemes with their faces. */
  private clustersOf(spans: readonly TextSpan[]): Cluster[] {
    const clusters: Cluster[] = [];
    let offset = 0;
    for (const span of spans) {
      for (const { segment } of graphemes.segment(span.text)) {
        const face = this.fonts.faceFor(segment, span.weight, clusters.at(-1)?.face);
        const drawn = PdfFonts.drawnText(segment);
        clusters.push({ start: offset, end: offset + drawn.length, text: drawn, span, face });
        offset += drawn.length;
      }
    }
    return clusters;
  }

  /** The paragraph's clusters in lines no wider than `width`, breaking where UAX #14 allows. */
  private lines(text: string, clusters: readonly Cluster[], width: number): Cluster[][] {
    const breaker = new LineBreaker(text);
    const lines: Cluster[][] = [];
    let line: Cluster[] = [];
    let lineWidth = 0;
    let next = 0;
    const endLine = () => {
      lines.push(trimEnd(line));
      line = [];
      lineWidth = 0;
    };
    for (let bk = breaker.nextBreak(); bk !== null; bk = breaker.nextBreak()) {
      const segment: Cluster[] = [];
      while (next < clusters.length && clusters[next]!.start < bk.position) {
        segment.push(clusters[next]!);
        next += 1;
      }
      const segmentWidth = this.widthOf(segment);
      const visible = this.widthOf(trimEnd(segment));
      if (line.length > 0 && lineWidth + visible > width) endLine();
      if (visible > width) {
        // A word wider than the line: broken between graphemes.
        for (const cluster of segment) {
          const w = this.widthOf([cluster]);
          if (line.length > 0 && lineWidth + w > width) endLine();
          line.push(cluster);
          lineWidth += w;
        }
      } else {
        line.push(...segment);
        lineWidth += segmentWidth;
      }
      if (bk.required) endLine();
    }
    if (line.length > 0) endLine();
    return lines.filter((l) => l.length > 0);
  }

  /** The width of clusters as drawn: each run of one face and style measured as a whole. */
  private widthOf(clusters: readonly Cluster[]): number {
    let width = 0;
    for (const run of sameStyleRuns(clusters)) {
      const first = run[0]!;
      this.use(first.face).fontSize(first.span.size);
      width += this.pdf.widthOfString(run.map((c) => c.text).join(""), WHOLE_RUN);
    }
    return width;
  }

  /** A run as pdfkit draws it: the text in the order fontkit expects, and its width. */
  private piece(run: Run, text: string, levels: ReturnType<typeof bidi.getEmbeddingLevels>) {
    const first = run.clusters[0]!;
    const last = run.clusters.at(-1)!;
    const mirrored = bidi.getMirroredCharactersMap(text, levels.levels, first.start, last.end - 1);
    const clusterText = (c: Cluster) =>
      [...c.text].map((ch, i) => mirrored.get(c.start + i) ?? ch).join("");
    let ordered = run.clusters.map(clusterText);
    // fontkit lays a run of a right-to-left script out right to left itself; a right-to-left
    // run without such letters (punctuation between Hebrew words) is reversed here.
    if (run.level % 2 === 1 && !hasRtlLetter(ordered.join(""))) ordered = ordered.reverse();
    const drawn = ordered.join("");
    this.use(first.face).fontSize(first.span.size);
    return {
      text: drawn,
      face: first.face,
      size: first.span.size,
      colour: first.span.colour,
      width: this.pdf.widthOfString(drawn, WHOLE_RUN),
    };
  }

  /** Selects a face, registering it with the document the first time. */
  private use(face: PdfFace): PDFKit.PDFDocument {
    if (!this.registered.has(face.key)) {
      // pdfkit takes the fontkit font already read (PDFFontFactory.open: any object with
      // `layout`), so a collection is parsed once; @types/pdfkit lists only paths and bytes.
      this.pdf.registerFont(face.key, face.font as unknown as Uint8Array);
      this.registered.add(face.key);
    }
    return this.pdf.font(face.key);
  }
}

/** A line's runs of one face, style and level, in the order they are drawn left to right. */
function visualRuns(line: readonly Cluster[], levels: Uint8Array): Run[] {
  const runs: Run[] = [];
  for (const cluster of line) {
    const level = levels[cluster.start] ?? 0;
    const last = runs.at(-1);
    const previous = last?.clusters.at(-1);
    if (last && previous && last.level === level && sameStyle(previous, cluster)) {
      last.clusters.push(cluster);
    } else runs.push({ clusters: [cluster], level });
  }
  // UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every stretch
  // of runs at that level or higher.
  const highest = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level + ((run.level + 1) % 2)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let i = 0;
    while (i < runs.length) {
      if (runs[i]!.level < level) {
        i += 1;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j += 1;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs;
}

function sameStyle(a: Cluster, b: Cluster): boolean {
  return (
    a.face === b.face &&
    a.span.size === b.span.size &&
    a.span.colour === b.span.colour &&
    a.span.weight === b.span.weight
  );
}

function sameStyleRuns(clusters: readonly Cluster[]): Cluster[][] {
  const runs: Cluster[][] = [];
  for (const cluster of clusters) {
    const run = runs.at(-1);
    if (run && sameStyle(run.at(-1)!, cluster)) run.push(cluster);
    else runs.push([cluster]);
  }
  return runs;
}

/** Clusters without the spaces and line breaks at their end. */
function trimEnd(clusters: readonly Cluster[]): Cluster[] {
  let end = clusters.length;
  while (end > 0 && /^\s+$/u.test(clusters[end - 1]!.text)) end -= 1;
  return clusters.slice(0, end);
}

/** Whether text holds a letter of a right-to-left script (bidi class R or AL). */
function hasRtlLetter(text: string): boolean {
  return [...text].some((ch) => {
    const type = bidi.getBidiCharTypeName(ch);
    return type === "R" || type === "AL";
  });
}
