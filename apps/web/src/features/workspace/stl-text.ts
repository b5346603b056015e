import { encodeIso6937, Iso6937Error } from "@verbatim/formats/iso6937";

/**
 * The first character EBU-STL cannot hold in these texts (its Latin table: Chinese, Cyrillic,
 * emoji… are refused by the server), or null when STL holds them all: the download step says
 * so on the STL button instead of letting the download fail after the click.
 */
export function characterStlCannotHold(texts: Iterable<string>): string | null {
  for (const text of texts) {
    try {
      encodeIso6937(text);
    } catch (error) {
      if (error instanceof Iso6937Error) return error.character;
      throw error;
    }
  }
  return null;
}
