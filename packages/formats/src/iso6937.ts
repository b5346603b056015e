// ISO/IEC 6937 as EBU Tech 3264 uses it for EBU-STL text (character code table "00", Latin):
// ASCII in the lower half, symbols and letters in the upper half, and accented letters as a
// non-spacing diacritic byte followed by the base letter. Node has no encoder for it (nor does
// iconv-lite), so the table is written out here.

/** Upper-half characters (0xA1–0xFF) other than the diacritics. */
const UPPER: Record<string, number> = {
  "¡": 0xa1,
  "¢": 0xa2,
  "£": 0xa3,
  $: 0xa4,
  "¥": 0xa5,
  "§": 0xa7,
  "¤": 0xa8,
  "‘": 0xa9,
  "“": 0xaa,
  "«": 0xab,
  "←": 0xac,
  "↑": 0xad,
  "→": 0xae,
  "↓": 0xaf,
  "°": 0xb0,
  "±": 0xb1,
  "²": 0xb2,
  "³": 0xb3,
  "×": 0xb4,
  µ: 0xb5,
  "¶": 0xb6,
  "·": 0xb7,
  "÷": 0xb8,
  "’": 0xb9,
  "”": 0xba,
  "»": 0xbb,
  "¼": 0xbc,
  "½": 0xbd,
  "¾": 0xbe,
  "¿": 0xbf,
  "―": 0xd0,
  "¹": 0xd1,
  "®": 0xd2,
  "©": 0xd3,
  "™": 0xd4,
  "♪": 0xd5,
  "¬": 0xd6,
  "¦": 0xd7,
  "⅛": 0xdc,
  "⅜": 0xdd,
  "⅝": 0xde,
  "⅞": 0xdf,
  Ω: 0xe0,
  Æ: 0xe1,
  Đ: 0xe2,
  ª: 0xe3,
  Ħ: 0xe4,
  Ĳ: 0xe6,
  Ŀ: 0xe7,
  Ł: 0xe8,
  Ø: 0xe9,
  Œ: 0xea,
  º: 0xeb,
  Þ: 0xec,
  Ŧ: 0xed,
  Ŋ: 0xee,
  ŉ: 0xef,
  ĸ: 0xf0,
  æ: 0xf1,
  đ: 0xf2,
  ð: 0xf3,
  ħ: 0xf4,
  ı: 0xf5,
  ĳ: 0xf6,
  ŀ: 0xf7,
  ł: 0xf8,
  ø: 0xf9,
  œ: 0xfa,
  ß: 0xfb,
  þ: 0xfc,
  ŧ: 0xfd,
  ŋ: 0xfe,
  "\u00AD": 0xff,
};

/** Combining marks (after NFD) and the diacritic byte that goes before the base letter. */
const DIACRITICS: Record<string, number> = {
  "\u0300": 0xc1, // grave
  "\u0301": 0xc2, // acute
  "\u0302": 0xc3, // circumflex
  "\u0303": 0xc4, // tilde
  "\u0304": 0xc5, // macron
  "\u0306": 0xc6, // breve
  "\u0307": 0xc7, // dot above
  "\u0308": 0xc8, // diaeresis
  "\u030A": 0xca, // ring
  "\u0327": 0xcb, // cedilla
  "\u030B": 0xcd, // double acute
  "\u0328": 0xce, // ogonek
  "\u030C": 0xcf, // caron
};

/** Typographic characters the table lacks, written as their nearest ASCII. */
const PLAIN: Record<string, string> = {
  "…": "...",
  "–": "-",
  "—": "-",
  "\u00A0": " ",
  "\u2009": " ",
  "\u202F": " ",
};

/** Text EBU-STL's Latin table cannot hold (Chinese, Cyrillic, emoji…). */
export class Iso6937Error extends Error {
  override readonly name = "Iso6937Error";
  constructor(readonly character: string) {
    super(`EBU-STL (ISO 6937, Latin) cannot hold "${character}".`);
  }
}

/** Encodes text in ISO 6937; throws Iso6937Error at the first character it cannot hold. */
export function encodeIso6937(text: string): number[] {
  const bytes: number[] = [];
  for (const grapheme of text.normalize("NFC")) {
    const plain = PLAIN[grapheme];
    if (plain !== undefined) {
      bytes.push(...[...plain].map((ch) => ch.charCodeAt(0)));
      continue;
    }
    const code = grapheme.charCodeAt(0);
    if (grapheme !== "$" && code >= 0x20 && code <= 0x7e) {
      bytes.push(code);
      continue;
    }
    const upper = UPPER[grapheme];
    if (upper !== undefined) {
      bytes.push(upper);
      continue;
    }
    // An accented letter: its base letter after the diacritic (one diacritic at most).
    const [base, mark, ...rest] = [...grapheme.normalize("NFD")];
    const diacritic = mark === undefined ? undefined : DIACRITICS[mark];
    const baseCode = base?.charCodeAt(0) ?? 0;
    if (diacritic === undefined || rest.length > 0 || baseCode < 0x20 || baseCode > 0x7e) {
      throw new Iso6937Error(grapheme);
    }
    bytes.push(diacritic, baseCode);
  }
  return bytes;
}
