import { formatSpeakersOption, type SpeakersOption } from "@verbatim/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { SpeakersChoice } from "../../src/features/workspace/speakers-choice";
import { renderPage } from "../render";

/** The choice with its value kept, and the field it would send shown for the test to read. */
function Form() {
  const [value, setValue] = useState<SpeakersOption>({ kind: "off" });
  return (
    <>
      <SpeakersChoice value={value} onChange={setValue} />
      <output data-testid="field">{formatSpeakersOption(value)}</output>
    </>
  );
}

describe("the upload form's Speakers choice", () => {
  it("offers off, automatic, an exact number and a range, with help", async () => {
    await renderPage(<Form />);
    const field = () => screen.getByTestId("field").textContent;
    const speakers = screen.getByLabelText("Speakers");
    expect(speakers).toHaveAccessibleDescription(/takes longer/);
    expect(field()).toBe("off");
    await userEvent.selectOptions(speakers, "auto");
    expect(field()).toBe("auto");
    await userEvent.selectOptions(speakers, "exact");
    await userEvent.selectOptions(screen.getByLabelText("Number of speakers"), "3");
    expect(field()).toBe("3");
    await userEvent.selectOptions(speakers, "range");
    expect(field()).toBe("3-5");
    await userEvent.selectOptions(screen.getByLabelText("At least"), "6");
    expect(field()).toBe("6-6"); // the most follows the least up
    await userEvent.selectOptions(screen.getByLabelText("At most"), "9");
    expect(field()).toBe("6-9");
    // The most cannot go below the least.
    const most = screen.getByLabelText("At most") as HTMLSelectElement;
    expect([...most.options].map((o) => o.value)).toEqual(["6", "7", "8", "9", "10"]);
  });

  it("speaks Chinese", async () => {
    await renderPage(<Form />, { language: "zh-HK" });
    expect(screen.getByLabelText("講者")).toHaveAccessibleDescription(/需時較長/);
    expect(screen.getByRole("option", { name: "自動偵測" })).toBeInTheDocument();
  });
});
