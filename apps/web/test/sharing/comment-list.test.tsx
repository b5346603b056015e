import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Comment } from "../../src/api/types";
import { CommentList } from "../../src/features/sharing/comment-list";
import { renderPage } from "../render";

// A link's viewers see each comment's state: open, or resolved by the owner.

const comment = (overrides: Partial<Comment>): Comment => ({
  id: "c1",
  parentId: null,
  authorName: "Ada",
  byOwner: false,
  body: "Is it “ask not”?",
  startMs: 4000,
  endMs: 4000,
  cueId: 2,
  resolvedAt: null,
  createdAt: "2026-11-29T10:00:00.000Z",
  ...overrides,
});

const COMMENTS = [
  comment({ id: "c1", body: "Still open" }),
  comment({ id: "c2", body: "Fixed now", startMs: 9000, resolvedAt: "2026-11-29T11:00:00.000Z" }),
  comment({ id: "r1", parentId: "c2", body: "Thanks", byOwner: true, authorName: "Owner" }),
];

describe("the shared page's comments", () => {
  it.each([
    ["en", "State: Open", "State: Resolved by the owner"],
    ["zh-HK", "狀態：未解決", "狀態：擁有者已解決"],
  ] as const)("say in %s whether each is open or resolved", async (language, open, resolved) => {
    await renderPage(<CommentList comments={COMMENTS} states />, { language });
    const items = screen.getAllByTestId("comment");
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByTestId("comment-state")).toHaveTextContent(open);
    expect(within(items[1]!).getByTestId("comment-state")).toHaveTextContent(resolved);
    // A reply takes its comment's state: none of its own.
    expect(within(items[2]!).queryByTestId("comment-state")).toBeNull();
  });

  it("leaves the state to the owner's own buttons in the editor", async () => {
    await renderPage(<CommentList comments={COMMENTS} />);
    expect(screen.queryByTestId("comment-state")).toBeNull();
    expect(screen.getByText("Resolved")).toBeInTheDocument();
  });
});
