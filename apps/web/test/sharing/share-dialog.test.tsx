import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ShareLink } from "../../src/api/types";
import { ShareDialog } from "../../src/features/sharing/share-dialog";
import { json } from "../api-answers";
import { renderPage } from "../render";
import { signIn } from "../session";

// The Share dialog's choice to leave the summary and chapters off a link's page.

afterEach(() => vi.restoreAllMocks());

function server() {
  const links: ShareLink[] = [];
  const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    if (init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as { showOverview: boolean };
      const link: ShareLink = {
        id: `l${links.length + 1}`,
        url: `https://verbatim.test/s/${"a".repeat(43)}`,
        token: "a".repeat(43),
        expiresAt: null,
        hasPassword: false,
        allowDownload: false,
        allowComments: true,
        showOverview: body.showOverview,
        createdAt: "2026-11-29T10:00:00.000Z",
      };
      links.unshift(link);
      return json(link, 201);
    }
    expect(String(input)).toContain("/api/transcriptions/t1/shares");
    return json(links);
  });
  return fetch;
}

describe("the Share dialog", () => {
  it.each([
    ["en", "Share", "Show the summary and chapters", "Create link", "Summary hidden"],
    ["zh-HK", "分享", "顯示摘要及章節", "建立連結", "已隱藏摘要"],
  ] as const)(
    "makes a link without the overview in %s, and says so in the list",
    async (language, share, label, create, hidden) => {
      signIn("tok");
      const fetch = server();
      await renderPage(<ShareDialog transcriptionId="t1" />, { language });
      const user = userEvent.setup();
      await user.click(screen.getByRole("button", { name: share }));
      const dialog = await screen.findByRole("dialog");
      const box = within(dialog).getByRole("checkbox", { name: label });
      expect(box).toBeChecked();
      await user.click(box);
      await user.click(within(dialog).getByRole("button", { name: create }));
      expect(await within(dialog).findByText(new RegExp(hidden))).toBeInTheDocument();
      const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
      expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ showOverview: false });
    },
  );
});
