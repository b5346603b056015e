import { describe, expect, it } from "vitest";
import { xmlText } from "./xml-text.js";

describe("xmlText", () => {
  it("drops what XML 1.0 forbids and keeps tabs, line ends, CJK and emoji", () => {
    expect(xmlText("a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf")).toBe("abcdef");
    expect(xmlText("x\uD800y")).toBe("xy");
    expect(xmlText("tab\tline\nreturn\r 中文 😀")).toBe("tab\tline\nreturn\r 中文 😀");
  });
});
