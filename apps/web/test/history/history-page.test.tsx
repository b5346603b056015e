import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import HistoryPage from "../../src/pages/history-page";
import type { HistoryItem } from "../../src/features/history/use-history";
import { json, transcriptionDetail, transcriptionSummary } from "../api-answers";
import { renderPage } from "../render";

/** A finished history row; a higher `n` is older. */
function row(n: number, fileName = `Recording ${n}.mp3`, model = "whisper-1"): HistoryItem {
  const createdAt = new Date(Date.UTC(2026, 10, 1, 0, 100 - n)).toISOString();
  return transcriptionSummary({ id: `t${n}`, fileName, createdAt, duration: 61, model });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the history page", () => {
  it("shows a page at a time, then the next from where the last ended", async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/teams") return json([]);
      calls.push(url.search);
      const before = url.searchParams.get("before");
      const page = before
        ? [row(26, "Last one.mp3", "gpt-4o-transcribe")]
        : Array.from({ length: 25 }, (_, i) => row(i + 1));
      return json(page);
    });
    await renderPage(
      <>
        <HistoryPage />
        <Toaster />
      </>,
    );
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(26); // header + 25
    expect(within(table).getAllByText("Fast")).toHaveLength(25);
    expect(calls[0]).toBe("?limit=25");
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    await within(table).findByText("Last one.mp3");
    expect(within(table).getByText("Accurate")).toBeInTheDocument();
    expect(calls.at(-1)).toBe(`?limit=25&before=${encodeURIComponent(row(25).createdAt)}`);
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });

  it("shows how many speakers a diarized transcription has, on the card and in the table", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input) === "/api/teams"
        ? json([])
        : json([{ ...row(1, "Interview.mp3"), speakerCount: 2 }, row(2)]),
    );
    await renderPage(<HistoryPage />);
    const table = await screen.findByRole("table");
    expect(within(table).getByText("2 speakers")).toBeInTheDocument();
    const cards = screen.getByRole("list", { name: "History" });
    expect(within(cards).getAllByText(/speakers?$/)).toHaveLength(1);
    expect(within(cards).getByText(/· 2 speakers/)).toBeInTheDocument();
  });

  it.each([
    [
      "en",
      "Transcribed by Parakeet (parakeet-tdt-0.6b-v3)",
      "Transcribed by SenseVoice (sensevoice-small)",
    ],
    ["zh-HK", "由 Parakeet 轉錄（parakeet-tdt-0.6b-v3）", "由 SenseVoice 轉錄（sensevoice-small）"],
  ] as const)(
    "says which model family and model transcribed each job, on the card and in the table (%s)",
    async (language, parakeet, senseVoice) => {
      vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
        String(input) === "/api/teams"
          ? json([])
          : json([
              {
                ...row(1, "English.mp3"),
                modelFamily: "parakeet",
                engineModel: "parakeet-tdt-0.6b-v3",
              },
              {
                ...row(2, "Cantonese.mp3"),
                modelFamily: "sensevoice",
                engineModel: "sensevoice-small",
              },
              // A job from before families were recorded says nothing about it, nor does one
              // still running (an "auto" job may yet be routed elsewhere).
              { ...row(3, "Old.mp3"), modelFamily: null },
              { ...row(4, "Running.mp3"), status: "processing", progress: 40 },
            ]),
      );
      await renderPage(<HistoryPage />, { language });
      const table = await screen.findByRole("table");
      const cards = screen.getByRole("list");
      for (const place of [table, cards]) {
        expect(within(place).getByText(parakeet)).toBeInTheDocument();
        expect(within(place).getByText(senseVoice)).toBeInTheDocument();
        expect(place.querySelectorAll("[data-family]")).toHaveLength(2);
      }
    },
  );

  it.each([
    ["en", "Language: Cantonese", "Language: Swedish"],
    ["zh-HK", "語言：廣東話", "語言：瑞典文"],
  ] as const)(
    "names each job's language in words on the phone's cards too (%s)",
    async (language, cantonese, swedish) => {
      vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
        String(input) === "/api/teams"
          ? json([])
          : json([
              { ...row(1, "Cantonese.mp3"), language: "yue" },
              { ...row(2, "Swedish.mp3"), language: "sv" },
            ]),
      );
      await renderPage(<HistoryPage />, { language });
      const cards = await screen.findByRole("list");
      expect(within(cards).getByText(cantonese)).toBeInTheDocument();
      expect(within(cards).getByText(swedish)).toBeInTheDocument();
      // The table's column names them alone, on one line.
      const table = screen.getByRole("table");
      const cell = within(table).getByText(cantonese.replace(/^.*[:：] ?/, ""));
      expect(cell).toHaveClass("whitespace-nowrap");
    },
  );

  it("searches by name or text once typing pauses, and says when nothing matches", async () => {
    const searches: Array<string | null> = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      if (String(input) === "/api/teams") return json([]);
      const q = new URL(String(input), "http://localhost").searchParams.get("q");
      searches.push(q);
      return json(q === "budget" ? [row(1, "Board meeting.mp3")] : q ? [] : [row(2), row(3)]);
    });
    await renderPage(<HistoryPage />);
    await screen.findByRole("table");
    const search = screen.getByLabelText("Search your transcriptions");
    await userEvent.type(search, "budget");
    expect(await screen.findByText("Board meeting.mp3", { selector: "th" })).toBeInTheDocument();
    expect(searches.filter((q) => q !== null)).toEqual(["budget"]); // one request, not six
    fireEvent.input(search, { target: { value: "nothing here" } });
    expect(
      await screen.findByText("No transcription has “nothing here” in its name or text."),
    ).toBeInTheDocument();
  });

  it("renames with Enter", async () => {
    const patches: unknown[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      if (init?.method === "PATCH") {
        patches.push(JSON.parse(String(init.body)));
        return json(transcriptionDetail({ id: "t1", fileName: "Keynote.mp3" }));
      }
      return json(String(input) === "/api/teams" ? [] : [row(1)]);
    });
    await renderPage(
      <>
        <HistoryPage />
        <Toaster />
      </>,
    );
    const table = await screen.findByRole("table");
    await userEvent.click(within(table).getByRole("button", { name: "Rename" }));
    const field = screen.getByLabelText("New name for Recording 1.mp3");
    await userEvent.clear(field);
    await userEvent.type(field, "Keynote.mp3{Enter}");
    await act(async () => undefined);
    expect(patches).toEqual([{ fileName: "Keynote.mp3" }]);
    expect(await screen.findByText("Renamed")).toBeInTheDocument();
  });

  it.each([
    ["en", "Charged 1.3 min"],
    ["zh-HK", "已扣除 1.3 分鐘"],
  ] as const)(
    "says what a cancelled job was charged for the audio it had transcribed (%s)",
    async (language, text) => {
      vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
        String(input) === "/api/teams"
          ? json([])
          : json([
              { ...row(1, "Cancelled.mp3"), status: "cancelled", chargedSeconds: 75 },
              { ...row(2, "Free.mp3"), status: "cancelled", chargedSeconds: 0 },
              row(3),
            ]),
      );
      await renderPage(<HistoryPage />, { language });
      const table = await screen.findByRole("table");
      expect(within(table).getAllByText(text)).toHaveLength(1); // not on the free one, nor the completed one
      const cards = screen.getByRole("list");
      expect(within(cards).getAllByText(text)).toHaveLength(1);
    },
  );

  it("shows a team's History beside one's own, with only the actions the role allows", async () => {
    const team = {
      id: "00000000-0000-4000-8000-00000000000a",
      name: "Newsroom",
      role: "viewer" as const,
      ownerId: "u9",
      memberCount: 3,
      createdAt: "2026-03-01T10:00:00.000Z",
    };
    const lists: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/teams") return json([team]);
      if (url.pathname === `/api/teams/${team.id}`) {
        return json({ ...team, transcriptionCount: 1, allowed: ["read", "comment", "leave"] });
      }
      lists.push(url.search);
      return json(
        url.searchParams.get("teamId")
          ? [{ ...row(1, "Team briefing.mp3"), teamId: team.id }]
          : [row(2, "Mine.mp3")],
      );
    });
    await renderPage(<HistoryPage />, { path: "/history" });
    const own = await screen.findByRole("table");
    expect(within(own).getByText("Mine.mp3")).toBeInTheDocument();
    const tabs = screen.getByRole("navigation", { name: "Whose transcriptions" });
    // A viewer cannot upload into the team, so nothing of one's own can be moved there.
    expect(within(own).queryByRole("button", { name: "Move to team" })).not.toBeInTheDocument();
    await userEvent.click(within(tabs).getByRole("link", { name: "Newsroom" }));
    const shared = await screen.findByText("Team briefing.mp3", { selector: "th" });
    const sharedRow = within(shared.closest("tr")!);
    expect(lists.at(-1)).toContain(`teamId=${team.id}`);
    expect(sharedRow.getByRole("button", { name: "Download SRT" })).toBeInTheDocument();
    expect(sharedRow.queryByRole("button", { name: "Rename" })).not.toBeInTheDocument();
    expect(sharedRow.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
  });
});
