import { describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import { xmlText } from "./xml-text.js";

describe("xmlText", () => {
  it("drops what XML 1.0 forbids and keeps tabs, line ends, CJK and emoji", () => {
    expect(xmlText("a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf")).toBe("abcdef");
    expect(xmlText("x\uD800y")).toBe("xy");
    expect(xmlText("tab\tline\nreturn\r 中文 😀")).toBe("tab\tline\nreturn\r 中文 😀");
  });

  it("keeps a typed entity as text, so the document stays valid", () => {
    const doc = create().ele("p").txt(xmlText("&lt; &foo; &#65; & x")).end();
    expect(doc).toContain("<p>&amp;lt; &amp;foo; &amp;#65; &amp; x</p>");
  });
});
