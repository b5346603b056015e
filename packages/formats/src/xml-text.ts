/** Characters XML 1.0 forbids: C0 controls other than tab, line feed and carriage return. */
const FORBIDDEN_CONTROLS = new Set(
  Array.from({ length: 0x20 }, (_, code) => code).filter(
    (code) => code !== 0x09 && code !== 0x0a && code !== 0x0d,
  ),
);

/**
 * Text an XML 1.0 document may hold: characters XML forbids (C0 controls other than tab, line
 * feed and carriage return, lone surrogates, U+FFFE and U+FFFF) are dropped; an `&` that
 * starts what reads as an entity ("&lt;", "&foo;") is escaped here, since the XML builder writes
 * those through as entity references (a typed "&foo;" made the file invalid); the builder
 * escapes the rest.
 */
export function xmlText(text: string): string {
  let out = "";
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const lone = code >= 0xd800 && code <= 0xdfff;
    if (FORBIDDEN_CONTROLS.has(code) || lone || code === 0xfffe || code === 0xffff) continue;
    out += character;
  }
  return out.replace(/&(?=#?[A-Za-z0-9_.-]+;)/gu, "&amp;");
}
