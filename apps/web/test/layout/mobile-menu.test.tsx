import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Header } from "../../src/app/layout/header";
import { renderRoutes } from "../render";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the phone menu", () => {
  it("offers the public pages the wide header shows: features, pricing, FAQ", async () => {
    await renderRoutes([{ path: "/", element: <Header /> }], { path: "/" });
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("dialog");
    const links = within(menu)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual(
      expect.arrayContaining([
        ["Features", "/features"],
        ["Pricing", "/pricing"],
        ["FAQ", "/faq"],
      ]),
    );
  });
});
