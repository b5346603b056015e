import { render, screen } from "@testing-library/react";
import { captionStyle } from "@verbatim/formats/captions";
import { describe, expect, it } from "vitest";
import { CaptionPreview } from "../../src/features/captioned-video/caption-preview";

// The preview draws a subtitle's own styles and place as the render does (caption-ass.ts).

describe("the caption preview", () => {
  it("shows a cue's italics and bold, and a top cue at the top", () => {
    render(
      <CaptionPreview
        cues={[
          { index: 1, start: 0, end: 2000, text: "<i>Off</i> <b>screen</b>", position: "top" },
        ]}
        speakers={undefined}
        language="en"
        style={captionStyle("standard")}
        crop="source"
        atMs={1000}
      />,
    );
    const preview = screen.getByTestId("caption-preview");
    const off = [...preview.querySelectorAll("span")].find((span) => span.textContent === "Off");
    expect(off?.style.fontStyle).toBe("italic");
    const bold = [...preview.querySelectorAll("span")].find((s) => s.textContent === "screen");
    expect(bold?.style.fontWeight).toBe("700");
    const text = off!.closest("div[aria-hidden]") as HTMLElement;
    expect(text.style.top).not.toBe("");
    expect(text.style.bottom).toBe("");
  });

  it("keeps a cue without a place at the style's bottom", () => {
    render(
      <CaptionPreview
        cues={[{ index: 1, start: 0, end: 2000, text: "Below" }]}
        speakers={undefined}
        language="en"
        style={captionStyle("standard")}
        crop="source"
        atMs={1000}
      />,
    );
    const below = [...screen.getByTestId("caption-preview").querySelectorAll("span")].find(
      (span) => span.textContent === "Below",
    );
    const text = below!.closest("div[aria-hidden]") as HTMLElement;
    expect(text.style.bottom).not.toBe("");
    expect(below?.style.fontStyle).toBe("");
  });
});
