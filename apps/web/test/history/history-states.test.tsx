import { errorTextFor } from "@verbatim/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import type { HistoryItem } from "../../src/features/history/use-history";
import HistoryPage from "../../src/pages/history-page";
import { mockApi } from "../account/helpers";
import { errorJson, json, transcriptionDetail, transcriptionSummary } from "../api-answers";
import { renderRoutes } from "../render";
import { signIn } from "../session";

const routes = [
  {
    path: "/history",
    element: (
      <>
        <HistoryPage />
        <Toaster />
      </>
    ),
  },
  { path: "/", element: <p>Workspace</p> },
];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const LIST = "GET /api/transcriptions";
/** The teams the History's tabs list: none here (team History has its tests in history-page). */
const NO_TEAMS = { "GET /api/teams": () => json([]) };

const item = (overrides: Partial<HistoryItem>): HistoryItem =>
  transcriptionSummary({ fileName: "interview.mp3", duration: 754, ...overrides });

// The page draws a table (wide screens) and cards (phones) from the same rows; these tests read
// the table, the paging and search have their own tests (history-page.test.tsx).
const table = () => within(screen.getByRole("table", { hidden: true }));

const rowOf = (name: string) => {
  const header = screen.getByRole("rowheader", { name, hidden: true });
  const row = header.closest("tr");
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe(
  "/history: rows, live status, empty and failed loads, rename, delete",
  { timeout: 30_000 },
  () => {
    it("lists each transcription with its date, duration, model, language and status", async () => {
      signIn();
      const fetch = mockApi({
        ...NO_TEAMS,
        [LIST]: () =>
          json([
            item({}),
            item({
              id: "t2",
              fileName: "lecture.mp4",
              status: "failed",
              language: null,
              error: { code: "ENGINE_FAILED", message: "The file could not be decoded." },
            }),
          ]),
      });
      await renderRoutes(routes, { path: "/history" });
      const done = await screen.findByRole("rowheader", { name: "interview.mp3" });
      expect(done).toBeInTheDocument();
      const first = rowOf("interview.mp3");
      expect(first.getByText("12:34")).toBeInTheDocument();
      expect(first.getByText("English")).toBeInTheDocument();
      expect(first.getByText("Completed")).toBeInTheDocument();
      expect(first.getByRole("link", { name: "Open" })).toHaveAttribute("href", "/?job=t1");
      expect(first.getByRole("button", { name: "Download SRT" })).toBeInTheDocument();

      const second = rowOf("lecture.mp4");
      // The job's code in the interface's language (the table's text), not the stored sentence.
      expect(second.getByText("Failed")).toHaveAttribute(
        "title",
        errorTextFor("ENGINE_FAILED", "en") ?? "(no text)",
      );
      expect(second.getByText("—")).toBeInTheDocument();
      expect(second.getByText("Fast")).toBeInTheDocument();
      // A failed job cannot be opened or downloaded, only renamed or deleted.
      expect(second.queryByRole("link", { name: "Open" })).not.toBeInTheDocument();
      expect(second.queryByRole("button", { name: "Download SRT" })).not.toBeInTheDocument();

      const [url, init] = fetch.mock.calls.find(([called]) =>
        String(called).startsWith("/api/transcriptions"),
      )!;
      expect(String(url)).toBe("/api/transcriptions?limit=25");
      expect(new Headers(init?.headers).get("authorization")).toBe("Bearer token-1");
    });

    it("shows a transcription's short summary under its name, and nothing for one without", async () => {
      signIn();
      mockApi({
        ...NO_TEAMS,
        [LIST]: () =>
          json([
            item({ shortSummary: "The council agrees the bridge budget." }),
            item({ id: "t2", fileName: "lecture.mp4", shortSummary: null }),
          ]),
      });
      await renderRoutes(routes, { path: "/history" });
      const summarised = await screen.findByRole("rowheader", {
        name: "interview.mp3 Summary: The council agrees the bridge budget.",
        hidden: true,
      });
      expect(summarised).toBeInTheDocument();
      expect(
        screen.getByRole("rowheader", { name: "lecture.mp4", hidden: true }),
      ).toBeInTheDocument();
      // The phone's cards carry it too.
      const cards = within(screen.getByRole("list", { name: "History", hidden: true }));
      expect(cards.getByText("The council agrees the bridge budget.")).toBeInTheDocument();
    });

    it("follows a running job until it completes, then stops asking", async () => {
      signIn();
      let calls = 0;
      const fetch = mockApi({
        ...NO_TEAMS,
        [LIST]: () => {
          calls++;
          return json([
            calls === 1
              ? item({ status: "processing", progress: 40 })
              : item({ status: "completed", progress: 100 }),
          ]);
        },
      });
      await renderRoutes(routes, { path: "/history" });
      await screen.findByRole("table");
      expect(table().getByText("Processing 40%")).toBeInTheDocument();
      await waitFor(() => expect(table().getByText("Completed")).toBeInTheDocument(), {
        timeout: 5_000,
      });
      const listCalls = () =>
        fetch.mock.calls.filter(([called]) => String(called).startsWith("/api/transcriptions"))
          .length;
      expect(listCalls()).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(listCalls()).toBe(2);
    });

    it("offers a first transcription when there are none, and says so when loading fails", async () => {
      signIn();
      mockApi({ ...NO_TEAMS, [LIST]: () => json([]) });
      const { unmount } = await renderRoutes(routes, { path: "/history" });
      expect(await screen.findByText("No transcriptions yet.")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Create Your First Transcription" })).toHaveAttribute(
        "href",
        "/",
      );
      expect(screen.queryByRole("table")).not.toBeInTheDocument();
      unmount();
      vi.restoreAllMocks();

      mockApi({ ...NO_TEAMS, [LIST]: () => errorJson(500, { code: "INTERNAL", message: "down" }) });
      await renderRoutes(routes, { path: "/history" });
      expect(await screen.findByRole("alert", {}, { timeout: 10_000 })).toHaveTextContent(
        "Failed to fetch transcription history",
      );
      expect(screen.queryByText("No transcriptions yet.")).not.toBeInTheDocument();
    });

    it("renames with the trimmed name and shows the new one", async () => {
      signIn();
      let name = "interview.mp3";
      const fetch = mockApi({
        ...NO_TEAMS,
        [LIST]: () => json([item({ fileName: name })]),
        "PATCH /api/transcriptions/t1": (init) => {
          name = (JSON.parse(String(init?.body)) as { fileName: string }).fileName;
          return json(transcriptionDetail({ fileName: name }));
        },
      });
      await renderRoutes(routes, { path: "/history" });
      const user = userEvent.setup();
      await screen.findByRole("rowheader", { name: "interview.mp3" });
      await user.click(rowOf("interview.mp3").getByRole("button", { name: "Rename" }));
      const field = await screen.findByLabelText("New name for interview.mp3");
      await user.clear(field);
      expect(screen.getByRole("button", { name: "Save" })).toBeDisabled(); // empty: nothing to save
      await user.type(field, "  Board meeting  ");
      await user.click(screen.getByRole("button", { name: "Save" }));
      expect(await screen.findByRole("rowheader", { name: "Board meeting" })).toBeInTheDocument();
      expect(screen.getByText("Renamed")).toBeInTheDocument();
      const patch = fetch.mock.calls.find(([, init]) => init?.method === "PATCH");
      expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ fileName: "Board meeting" });
    });

    it("deletes after confirmation with Undo for ten seconds, and shows the server's refusal", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      signIn();
      let items = [item({}), item({ id: "t2", fileName: "keep.wav" })];
      let refuse = true;
      const remove = vi.fn(() => {
        if (refuse)
          return errorJson(409, { code: "JOB_RUNNING", message: "Cancel the job first." });
        items = items.filter((i) => i.id !== "t1");
        return new Response(null, { status: 204 });
      });
      mockApi({ ...NO_TEAMS, [LIST]: () => json(items), "DELETE /api/transcriptions/t1": remove });
      await renderRoutes(routes, { path: "/history" });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await screen.findByRole("rowheader", { name: "interview.mp3" });
      const gone = () =>
        waitFor(() =>
          expect(screen.queryByRole("rowheader", { name: "interview.mp3" })).toBeNull(),
        );
      const deleteRow = async () => {
        await user.click(rowOf("interview.mp3").getByRole("button", { name: "Delete" }));
        const dialog = await screen.findByRole("dialog", { name: "Delete this transcription?" });
        expect(dialog).toHaveTextContent("“interview.mp3” and its subtitles will be deleted.");
        await user.click(within(dialog).getByRole("button", { name: "Delete" }));
      };

      // Hidden at once, nothing sent yet; Undo brings it back and nothing is ever sent.
      await deleteRow();
      await gone();
      expect(screen.getByText("Transcription deleted")).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Undo" }));
      expect(await screen.findByRole("rowheader", { name: "interview.mp3" })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(15_000));
      expect(remove).not.toHaveBeenCalled();

      // Sent after ten seconds; the server refuses: the row comes back with the reason.
      await deleteRow();
      await gone();
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(await screen.findByText("Cancel the job first.")).toBeInTheDocument();
      expect(screen.getByText("Could not delete interview.mp3")).toBeInTheDocument();
      expect(screen.getByRole("rowheader", { name: "interview.mp3" })).toBeInTheDocument();

      refuse = false;
      await deleteRow();
      await gone();
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      await waitFor(() => expect(remove).toHaveBeenCalledTimes(2));
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(screen.queryByRole("rowheader", { name: "interview.mp3" })).toBeNull();
      expect(screen.getByRole("rowheader", { name: "keep.wav" })).toBeInTheDocument();
    });
  },
);
