import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { create, type Font } from "fontkit";
import { findCjkFont } from "./cjk-font.js";

/** The weights the PDF sets text in. */
export type Weight = "regular" | "bold";

/** One font face the PDF may embed: pdfkit's name for it and fontkit's view of it. */
export interface PdfFace {
  /** The name the face is registered under in the pdfkit document. */
  key: string;
  font: Font;
}

/**
 * Where Debian's fonts-noto-core puts Noto Sans and its script companions (Hebrew, Arabic,
 * Devanagari, Thai…), then Arch's and Fedora's places; `NOTO_FONT_DIR` names another.
 */
const NOTO_DIRS = [
  "/usr/share/fonts/truetype/noto",
  "/usr/share/fonts/noto",
  "/usr/share/fonts/google-noto",
];

/**
 * Emoji with outlines a PDF can embed: Symbola (Debian fonts-symbola). Noto Color Emoji holds
 * colour bitmaps (CBDT), which PDF fonts cannot carry, so emoji come out black and white.
 */
const EMOJI_FILES = [
  "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
  "/usr/share/fonts/gdouros-symbola/Symbola.ttf",
  "/usr/share/fonts/TTF/Symbola.ttf",
];

/** Noto Sans script fonts looked at first, the scripts most transcripts are in. */
const FIRST_SCRIPTS = [
  "Hebrew",
  "Arabic",
  "Devanagari",
  "Thai",
  "Bengali",
  "Tamil",
  "Telugu",
  "Gujarati",
  "Gurmukhi",
  "Kannada",
  "Malayalam",
  "Sinhala",
  "Khmer",
  "Lao",
  "Myanmar",
  "Georgian",
  "Armenian",
  "Ethiopic",
  "Oriya",
  "Thaana",
  "Syriac",
];
/** Symbols after every script font: arrows, dingbats, mathematics. */
const SYMBOL_FONTS = ["NotoSansSymbols", "NotoSansSymbols2", "NotoSansMath"];

/** Faces of the Noto Sans CJK collections, by the PostScript name inside the .ttc. */
const CJK_FACES: Record<Weight, string[]> = {
  // Before 2021 the collections had no Hong Kong face; Traditional Chinese then.
  regular: ["NotoSansCJKhk-Regular", "NotoSansCJKtc-Regular"],
  bold: ["NotoSansCJKhk-Bold", "NotoSansCJKtc-Bold"],
};

const CJK_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;
/** Characters of no script of their own: spaces, punctuation, digits, marks. */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;
/** Joiners and variation selectors of an emoji sequence: Symbola draws the emoji without. */
const EMOJI_JOINERS = /\u200D|\uFE0E|\uFE0F/gu;

/**
 * The fonts a PDF's text is set in, chosen per grapheme: Noto Sans for Latin, Greek and
 * Cyrillic; Noto Sans CJK (Hong Kong forms) for Chinese, Japanese and Korean; the Noto Sans font
 * of any other script (Hebrew, Arabic, Devanagari, Thai…); Noto's symbol fonts; Symbola for
 * emoji. Faces are read from disk when first needed, once per document. Throws
 * CjkFontMissingError where Noto Sans CJK is not installed (the one font every PDF needs).
 */
export class PdfFonts {
  private readonly cjkPaths: { regular: string; bold: string };
  private readonly files: string[];
  private readonly loaded = new Map<string, PdfFace | null>();

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.cjkPaths = findCjkFont(env);
    const dir = [env.NOTO_FONT_DIR, ...NOTO_DIRS].find(
      (candidate) => candidate !== undefined && existsSync(candidate),
    );
    this.files = dir === undefined ? [] : notoFiles(dir);
    const emoji = EMOJI_FILES.find((path) => existsSync(path));
    if (emoji) this.files.push(emoji);
  }

  /** The CJK face: every document has it (Latin, Greek and Cyrillic too, as a last resort). */
  cjk(weight: Weight): PdfFace {
    const face = this.load(`cjk-${weight}`, () => {
      const path = this.cjkPaths[weight];
      const buffer = readFileSync(path);
      for (const name of CJK_FACES[weight]) {
        const font = collectionFace(buffer, name);
        if (font) return { font };
      }
      return { font: create(buffer) };
    });
    if (!face) throw new Error(`Noto Sans CJK ${weight} could not be read`);
    return face;
  }

  /**
   * The face a grapheme is set in: for a character of no script (space, punctuation, digit),
   * the face before it where it has the glyphs, so a run of text stays in one font.
   */
  faceFor(grapheme: string, weight: Weight, before: PdfFace | undefined): PdfFace {
    const text = PdfFonts.drawnText(grapheme);
    const covers = (face: PdfFace | null | undefined): face is PdfFace =>
      face !== null && face !== undefined && coversText(face.font, text);
    if (NEUTRAL.test(text) && !EMOJI.test(text) && covers(before)) return before;
    const latin = this.file("NotoSans", weight);
    const order: (() => PdfFace | null)[] = CJK_SCRIPT.test(text)
      ? [() => this.cjk(weight), () => latin]
      : [() => latin, () => this.cjk(weight)];
    if (EMOJI.test(text)) order.unshift(() => this.emoji());
    for (const candidate of order) {
      const face = candidate();
      if (covers(face)) return face;
    }
    for (const path of this.files) {
      const face = this.file(stem(path), weight);
      if (covers(face)) return face;
    }
    // No installed font has it: the CJK face draws its empty box (the text is still there).
    return before ?? this.cjk(weight);
  }

  /** The text to draw for a grapheme in a face: an emoji without its joiners. */
  static drawnText(grapheme: string): string {
    return EMOJI.test(grapheme) ? grapheme.replace(EMOJI_JOINERS, "") || grapheme : grapheme;
  }

  private emoji(): PdfFace | null {
    const path = this.files.find((file) => /Symbola/i.test(file));
    return path === undefined ? null : this.file(stem(path), "regular");
  }

  /** A single-face font file by its stem ("NotoSansHebrew"), bold where the family has it. */
  private file(name: string, weight: Weight): PdfFace | null {
    const regular = this.files.find((path) => stem(path) === name);
    if (regular === undefined) return null;
    const bold = regular.replace(/-Regular\.ttf$/, "-Bold.ttf");
    const path = weight === "bold" && bold !== regular && existsSync(bold) ? bold : regular;
    return this.load(path, () => {
      return { font: create(readFileSync(path)) };
    });
  }

  private load(key: string, read: () => Omit<PdfFace, "key">): PdfFace | null {
    if (!this.loaded.has(key)) {
      let face: PdfFace | null;
      try {
        face = { key, ...read() };
      } catch {
        face = null; // an unreadable or broken file: the next font is tried
      }
      this.loaded.set(key, face);
    }
    return this.loaded.get(key) ?? null;
  }
}

/** The Noto Sans regular files of a folder: Noto Sans, the first scripts, the rest, symbols. */
function notoFiles(dir: string): string[] {
  const names = readdirSync(dir).filter((name) => /^NotoSans[A-Za-z0-9]*-Regular\.ttf$/.test(name));
  const rank = (name: string): number => {
    const base = stem(name);
    if (base === "NotoSans") return 0;
    const script = FIRST_SCRIPTS.indexOf(base.slice("NotoSans".length));
    if (script >= 0) return 1 + script;
    if (SYMBOL_FONTS.includes(base)) return 1000 + SYMBOL_FONTS.indexOf(base);
    return 100;
  };
  return names
    .filter((name) => !/(Mono|Display|UI|Unjoined)-/.test(name))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((name) => join(dir, name));
}

function stem(path: string): string {
  return (path.split("/").pop() ?? path).replace(/(-Regular)?\.tt[fc]$/, "");
}

function coversText(font: Font, text: string): boolean {
  for (const ch of text) {
    const codePoint = ch.codePointAt(0)!;
    // Joiners and selectors change shaping only: a font need not draw them.
    if (
      codePoint === 0x200c ||
      codePoint === 0x200d ||
      (codePoint >= 0xfe00 && codePoint <= 0xfe0f)
    )
      continue;
    if (!font.hasGlyphForCodePoint(codePoint)) return false;
  }
  return true;
}

/** One face of a collection, or undefined where the collection lacks it. */
function collectionFace(buffer: Buffer, postscriptName: string): Font | undefined {
  try {
    return create(buffer, postscriptName) ?? undefined;
  } catch {
    return undefined;
  }
}
