import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import { ApiKeysCard } from "../../src/features/api-keys";
import { mockApi } from "../account/helpers";
import { renderPage } from "../render";
import { signIn } from "../session";
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

const KEYS: ApiKey[] = [
  {
    id: "k1",
    name: "Podcast script",
    prefix: "vb_a1b2c3",
    createdAt: "2024-03-01T10:00:00.000Z",
    lastUsedAt: "2024-04-02T10:00:00.000Z",
  },
  {
    id: "k2",
    name: "Laptop",
    prefix: "vb_d4e5f6",
    createdAt: "2024-03-05T10:00:00.000Z",
    lastUsedAt: null,
  },
];
const SECRET = "vb_z9y8x7w6v5u4t3s2r1q0p9o8n7m6l5k4";

beforeEach(() => {
  signIn("tok");
});
afterEach(() => {
  vi.restoreAllMocks();
});

function keysApi(keys = KEYS) {
  return mockApi({
    "GET /api/keys": () => json(keys),
    "POST /api/keys": (init) => {
      const { name } = JSON.parse(String(init?.body)) as CreateApiKeyBody;
      return json(
        {
          id: "k3",
          name,
          prefix: "vb_z9y8x7",
          key: SECRET,
          createdAt: "2024-05-01T10:00:00Z",
        } satisfies CreatedApiKey,
        201,
      );
    },
    "DELETE /api/keys/k1": () => new Response(null, { status: 204 }),
  });
}

describe("API keys card", () => {
  it("lists keys by name and prefix only, with when they were created and used", async () => {
    keysApi();
    await renderPage(<ApiKeysCard />);
    const list = await screen.findByRole("list", { name: "Your API keys" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Podcast script");
    expect(rows[0]).toHaveTextContent("vb_a1b2c3…");
    expect(rows[0]).toHaveTextContent("Created March 1, 2024");
    expect(rows[0]).toHaveTextContent("Last used April 2, 2024");
    expect(rows[1]).toHaveTextContent("Never used");
    expect(screen.getByText("2 of 20 keys")).toBeInTheDocument();
  });

  it("shows an empty state that links to the API page", async () => {
    keysApi([]);
    await renderPage(<ApiKeysCard />);
    expect(await screen.findByText("You have no API keys yet.")).toBeInTheDocument();
    for (const link of screen.getAllByRole("link", { name: "How to use the API" })) {
      expect(link).toHaveAttribute("href", "/developers");
    }
  });

  it("asks for a name, then shows the full key once; it is gone after closing", async () => {
    const fetch = keysApi();
    await renderPage(<ApiKeysCard />);
    const user = userEvent.setup();
    await screen.findByRole("list", { name: "Your API keys" });
    await user.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByText(/Give the key a name/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await user.type(screen.getByLabelText("Key name"), "  CI pipeline ");
    await user.click(screen.getByRole("button", { name: "Create key" }));
    const dialog = await screen.findByRole("dialog", { name: "Your new API key" });
    expect(within(dialog).getByLabelText("API key “CI pipeline”")).toHaveValue(SECRET);
    expect(within(dialog).getByText(/will not be shown again/)).toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: "CI pipeline" });

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole("button", { name: "Copy the API key" }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(dialog).findByText("Copied")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Done, I have copied it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(document.body).not.toHaveTextContent(SECRET);
    const rows = within(screen.getByRole("list", { name: "Your API keys" })).getAllByRole(
      "listitem",
    );
    expect(rows[0]).toHaveTextContent("CI pipeline");
    expect(rows[0]).toHaveTextContent("vb_z9y8x7…");
  });

  it("selects the key when the clipboard is unavailable", async () => {
    keysApi();
    await renderPage(<ApiKeysCard />);
    const user = userEvent.setup();
    await screen.findByRole("list", { name: "Your API keys" });
    Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
    await user.type(screen.getByLabelText("Key name"), "Server");
    await user.click(screen.getByRole("button", { name: "Create key" }));
    const dialog = await screen.findByRole("dialog", { name: "Your new API key" });
    const input = within(dialog).getByLabelText<HTMLInputElement>(/API key “Server”/);
    input.setSelectionRange(0, 0);
    await user.click(within(dialog).getByRole("button", { name: "Copy the API key" }));
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, SECRET.length]);
  });

  it("revokes a key with DELETE only after confirmation", async () => {
    const fetch = keysApi();
    await renderPage(<ApiKeysCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke Podcast script" }));
    const dialog = screen.getByRole("dialog", { name: "Revoke “Podcast script”?" });
    const deletes = () => fetch.mock.calls.filter(([, init]) => init?.method === "DELETE");

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deletes()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Revoke Podcast script" }));
    await user.click(screen.getByRole("button", { name: "Revoke key" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deletes()).toHaveLength(1);
    expect(String(deletes()[0]?.[0])).toBe("/api/keys/k1");
    expect(screen.queryByText("Podcast script")).not.toBeInTheDocument();
    expect(screen.getByText("Laptop")).toBeInTheDocument();
  });

  it("shows the server's message when the 20-key limit is hit", async () => {
    mockApi({
      "GET /api/keys": () => json(KEYS),
      "POST /api/keys": () =>
        errorJson(409, { code: "KEY_LIMIT", message: "You already have 20 keys." }),
    });
    await renderPage(
      <>
        <ApiKeysCard />
        <Toaster />
      </>,
      { language: "zh-HK" },
    );
    const user = userEvent.setup();
    await screen.findByRole("list", { name: "你的 API 密鑰" });
    await user.type(screen.getByLabelText("密鑰名稱"), "Extra");
    await user.click(screen.getByRole("button", { name: "建立密鑰" }));
    expect(await screen.findByText("You already have 20 keys.")).toBeInTheDocument();
    expect(screen.getByText("未能建立密鑰")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
