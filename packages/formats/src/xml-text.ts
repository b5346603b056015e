/**
 * Text an XML 1.0 document may hold: characters XML forbids (C0 controls other than tab and
 * line feed, lone surrogates, U+FFFE/U+FFFF) are dropped; the XML builder escapes the rest.
 */
export function xmlText(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "",
  );
}
