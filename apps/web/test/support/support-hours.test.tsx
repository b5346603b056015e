import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SupportHours } from "../../src/features/support/support-hours";
import { renderPage } from "../render";

// Support's hours are kept in the operator's zone (SUPPORT_HOURS: New York) and shown converted
// into the reader's, the day after where the hours cross midnight there.
describe("support hours", () => {
  it("states the operator's hours and zone, then the reader's (en)", async () => {
    await renderPage(<SupportHours readerZone="Asia/Hong_Kong" />, { language: "en" });
    expect(
      screen.getByText("Monday to Friday, 9:00 AM – 6:00 PM (Eastern Time)."),
    ).toBeInTheDocument();
    // 21:00 or 22:00 in Hong Kong, as New York keeps summer time or not.
    expect(
      screen.getByText(
        /^That is (9|10):00 PM – (6|7):00 AM the next day in your time zone \(Hong Kong Standard Time\)\.$/,
      ),
    ).toBeInTheDocument();
  });

  it("says them in Chinese, with the reader's zone named in Chinese (zh-HK)", async () => {
    await renderPage(<SupportHours readerZone="Europe/London" />, { language: "zh-HK" });
    expect(
      screen.getByText("星期一至五，上午9:00 – 下午6:00（北美東部時間）。"),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^即你所在時區（英國時間）的下午[12]:00 – 下午1[01]:00。$/),
    ).toBeInTheDocument();
  });

  it("says them once for a reader in the operator's own zone", async () => {
    const { container } = await renderPage(<SupportHours readerZone="America/Toronto" />, {
      language: "en",
    });
    expect(container.textContent).toBe("Monday to Friday, 9:00 AM – 6:00 PM (Eastern Time).");
  });
});
