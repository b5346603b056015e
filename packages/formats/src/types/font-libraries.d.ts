// The parts of fontkit and linebreak (both by foliojs, the libraries pdfkit itself lays text
// out with) that the PDF writer uses; neither package ships type declarations.

declare module "fontkit" {
  export interface Font {
    readonly postscriptName: string;
    readonly unitsPerEm: number;
    readonly ascent: number;
    readonly descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): { advanceWidth: number };
  }
  /** A .ttf/.otf file, or with a PostScript name, one face of a .ttc collection. */
  export function create(buffer: Buffer, postscriptName?: string): Font;
}

declare module "linebreak" {
  /** A break opportunity (UAX #14): a line may end before `position`. */
  interface Break {
    position: number;
    required: boolean;
  }
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
