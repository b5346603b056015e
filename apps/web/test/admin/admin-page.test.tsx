import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import type { DailyReport, UsageReport } from "../../src/api/types";
import AdminPage from "../../src/pages/admin-page";
import { renderPage } from "../render";
import { errorJson, json } from "../api-answers";
import { signIn } from "../session";

const daily = Array.from({ length: 30 }, (_, index) => ({
  date: new Date(Date.UTC(2031, 0, 1 + index)).toISOString().slice(0, 10),
  signups: index % 3,
  transcriptions: index === 17 ? 42 : index % 5,
  minutes: index * 1.5,
  revenueCents: index === 4 ? 2400 : 0,
}));

const usage: UsageReport = {
  period: { from: "2031-01-29T08:00:00.000Z", to: "2031-01-30T08:00:00.000Z" },
  signups: 12,
  activeUsers: 34,
  transcriptions: {
    completed: 56,
    failed: 3,
    cancelled: 1,
    failuresByCode: [{ code: "TRANSCODE_FAILED", count: 3 }],
  },
  minutesProcessed: 78.5,
  revenue: {
    totalCents: 3750,
    byPlan: [{ product: "basic", count: 1, amountCents: 600 }],
    byPack: [{ product: "1000", count: 1, amountCents: 2400 }],
  },
  queue: { queued: 4, processing: 2, oldestQueuedAgeSeconds: 95 },
  parkedUploads: { sessions: 0, users: 0, bytes: 0 },
  daily,
};

function mockServer(report: () => Response) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/admin/usage") return json(usage);
    if (url === "/api/admin/run-daily-report" && init?.method === "POST") return report();
    return errorJson(404, { code: "NOT_FOUND", message: "not mocked" });
  });
}

const renderAdmin = () =>
  renderPage(
    <>
      <AdminPage />
      <Toaster />
    </>,
    { path: "/admin" },
  );

describe("/admin", () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the figures of the usage response", async () => {
    mockServer(() => json({ sent: 0, recipients: [] } satisfies DailyReport));
    await renderAdmin();
    const figure = async (label: string) =>
      (await screen.findByText(label, { selector: "dt" })).parentElement!;
    expect(within(await figure("Sign-ups")).getByText("12")).toBeInTheDocument();
    expect(within(await figure("Active users")).getByText("34")).toBeInTheDocument();
    expect(within(await figure("Transcriptions")).getByText("56")).toBeInTheDocument();
    expect(screen.getByText("3 failed, 1 cancelled")).toBeInTheDocument();
    expect(within(await figure("Minutes processed")).getByText("78.5")).toBeInTheDocument();
    expect(within(await figure("Revenue")).getByText("$37.50")).toBeInTheDocument();
    expect(within(await figure("TRANSCODE_FAILED")).getByText("3")).toBeInTheDocument();
    expect(within(await figure("Basic")).getByText("$6.00 · 1 sale")).toBeInTheDocument();
    expect(within(await figure("1000 minutes")).getByText("$24.00 · 1 sale")).toBeInTheDocument();
    expect(within(await figure("Queued now")).getByText("4")).toBeInTheDocument();
    expect(within(await figure("Oldest queued job")).getByText("95 s")).toBeInTheDocument();
  });

  it("draws the 30-day series as an SVG bar chart with a text summary and a data table", async () => {
    mockServer(() => json({ sent: 0, recipients: [] } satisfies DailyReport));
    await renderAdmin();
    const chart = await screen.findByRole("img", { name: "Last 30 days: Transcriptions" });
    expect(chart.tagName.toLowerCase()).toBe("svg");
    expect(chart).toHaveAccessibleDescription(/total 100, highest 42 on Jan 18/);
    expect(within(chart).getAllByTestId("usage-bar")).toHaveLength(30);
    const table = screen.getByRole("table", { name: "Last 30 days" });
    expect(within(table).getAllByRole("row")).toHaveLength(31);
    expect(within(table).getByRole("rowheader", { name: "Jan 5" }).parentElement).toHaveTextContent(
      "$24.00",
    );

    await userEvent.click(screen.getByRole("button", { name: "Revenue" }));
    expect(screen.getByRole("button", { name: "Revenue" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("img", { name: "Last 30 days: Revenue" })).toHaveAccessibleDescription(
      /total \$24\.00/,
    );
  });

  it("sends the daily report and says to how many admins", async () => {
    const fetch = mockServer(() =>
      json({ sent: 2, recipients: ["a@x.test", "b@x.test"] } satisfies DailyReport),
    );
    await renderAdmin();
    await userEvent.click(await screen.findByRole("button", { name: "Send daily report now" }));
    expect(await screen.findByText("Report sent")).toBeInTheDocument();
    expect(screen.getByText("The daily report was sent to 2 recipients.")).toBeInTheDocument();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts.map(([url]) => url)).toEqual(["/api/admin/run-daily-report"]);
  });

  it("says 'Report Generation Failed' when the report cannot be sent", async () => {
    mockServer(() => errorJson(500, { code: "INTERNAL", message: "SMTP down" }));
    await renderAdmin();
    await userEvent.click(await screen.findByRole("button", { name: "Send daily report now" }));
    expect(await screen.findByText("Report Generation Failed")).toBeInTheDocument();
    expect(screen.getByText("An error occurred while generating the report.")).toBeInTheDocument();
  });
});
