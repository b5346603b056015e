import { existsSync } from "node:fs";

/**
 * Where the PDF's font is looked for: `CJK_FONT_FILE` when set, then the places distributions
 * install Noto Sans CJK (Debian and Ubuntu: fonts-noto-cjk; Fedora: google-noto-sans-cjk-fonts;
 * Arch: noto-fonts-cjk; Homebrew's font-noto-sans-cjk).
 */
const FONT_CANDIDATES = [
  "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
  "/usr/share/fonts/google-noto-sans-cjk-fonts/NotoSansCJK-Regular.ttc",
  "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
  "/opt/homebrew/share/fonts/NotoSansCJK-Regular.ttc",
];

/** The PDF cannot be made: the Noto Sans CJK font is not installed. */
export class CjkFontMissingError extends Error {
  override readonly name = "CjkFontMissingError";
  constructor() {
    super(
      "PDF export needs the Noto Sans CJK font: install it (Debian and Ubuntu: apt-get install fonts-noto-cjk) or set CJK_FONT_FILE to NotoSansCJK-Regular.ttc.",
    );
  }
}

/** The Noto Sans CJK regular and bold collections' paths; throws CjkFontMissingError without. */
export function findCjkFont(env: NodeJS.ProcessEnv = process.env): {
  regular: string;
  bold: string;
} {
  const candidates = env.CJK_FONT_FILE ? [env.CJK_FONT_FILE] : FONT_CANDIDATES;
  const regular = candidates.find((path) => existsSync(path));
  if (!regular) throw new CjkFontMissingError();
  const bold = regular.replace(/Regular(\.[ot]t[cf])$/i, "Bold$1");
  return { regular, bold: bold !== regular && existsSync(bold) ? bold : regular };
}
