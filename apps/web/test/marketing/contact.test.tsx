import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import ContactPage from "../../src/pages/contact-page";
import type { Ok } from "../../src/api/types";
import { errorJson, json } from "../api-answers";
import { renderPage } from "../render";

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderContact(language: "en" | "zh-HK" = "en") {
  const view = await renderPage(
    <>
      <ContactPage />
      <Toaster />
    </>,
    { language },
  );
  return { ...view, user: userEvent.setup() };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Name"), "Ada Lovelace");
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.selectOptions(screen.getByLabelText("Subject"), "Technical Support");
  await user.type(screen.getByLabelText("Message"), "My upload stops at 50%.");
}

// Role queries over whole pages are slow in jsdom, more so when every test file runs at once.
describe("/contact", { timeout: 20_000 }, () => {
  it("shows what is missing, and an invalid e-mail, without sending", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { user } = await renderContact();
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Please choose a subject")).toBeInTheDocument();
    expect(screen.getByText("Message is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");

    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the messages in Traditional Chinese, and the subjects translated", async () => {
    const { user } = await renderContact("zh-HK");
    expect(screen.getByRole("option", { name: "技術支援" })).toHaveValue("Technical Support");
    expect(screen.getByLabelText("訊息")).toHaveAttribute("rows", "6");
    await user.type(screen.getByLabelText("電郵"), "abc");
    await user.click(screen.getByRole("button", { name: "傳送訊息" }));
    expect(await screen.findByText("請輸入姓名")).toBeInTheDocument();
    expect(screen.getByText("電郵地址無效")).toBeInTheDocument();
    expect(screen.getByText("請選擇主題")).toBeInTheDocument();
  });

  it("posts the message as JSON, shows Sending..., then thanks and clears the form", async () => {
    let answer!: (response: Response) => void;
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await renderContact();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const sending = await screen.findByRole("button", { name: "Sending..." });
    expect(sending).toBeDisabled();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe("/api/contact");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(init?.body as string)).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "Technical Support",
      message: "My upload stops at 50%.",
      language: "en",
    });

    answer(json({ ok: true } satisfies Ok));
    expect(await screen.findByText("Message Sent")).toBeInTheDocument();
    expect(
      screen.getByText("Thank you for contacting us. We'll respond as soon as possible."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue(""));
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByLabelText("Subject")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("sends the English subject and the interface language from zh-HK", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(json({ ok: true } satisfies Ok));
    const { user } = await renderContact("zh-HK");
    await user.type(screen.getByLabelText("姓名"), "陳大文");
    await user.type(screen.getByLabelText("電郵"), "taiman@example.com");
    await user.selectOptions(screen.getByLabelText("主題"), "帳單查詢");
    await user.type(screen.getByLabelText("訊息"), "你好");
    await user.click(screen.getByRole("button", { name: "傳送訊息" }));
    expect(await screen.findByText("訊息已傳送")).toBeInTheDocument();
    const body = JSON.parse(fetchSpy.mock.calls[0]![1]?.body as string) as Record<string, string>;
    expect(body.subject).toBe("Billing Question");
    expect(body.language).toBe("zh-HK");
  });

  it("keeps the message and says why sending failed (the text for the error's code)", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      errorJson(429, {
        code: "RATE_LIMITED",
        message: "Too many messages. Please try again later.",
      }),
    );
    const { user } = await renderContact();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(
      await screen.findByText("Too many attempts. Please wait a little and try again."),
    ).toBeInTheDocument();
    expect(screen.getByText("Message not sent")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Lovelace");
  });

  it("shows the support details and links to the FAQ", async () => {
    await renderContact();
    expect(screen.getByRole("link", { name: "support@verbatim.local" })).toHaveAttribute(
      "href",
      "mailto:support@verbatim.local",
    );
    expect(
      screen.getByText("Monday to Friday, 9:00 AM – 6:00 PM (Eastern Time)."),
    ).toBeInTheDocument();
    expect(screen.getByText(/chat with us live from their account area/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Read the FAQ" })).toHaveAttribute("href", "/faq");
  });
});
