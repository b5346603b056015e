import { describe, expect, it } from "vitest";
import { sendBillingMail } from "../src/billing/billing-mails.js";
import { mayHoldPacks } from "../src/plans/plan-limits.js";
import type { Mailer, MailMessage } from "../src/mail/mailer.js";
import type { Locale, User } from "../src/users/repo.js";

// Issue 14, item 9, the rule and the e-mail on their own (billing-local and stripe-payments
// follow a real checkout over HTTP): a pack paid for after the account moved to Free is not
// credited, its payment is refunded, and the buyer is told why, in their language.

describe("which accounts may hold pack minutes", () => {
  it("any paid plan, never Free nor an account without a plan", () => {
    expect(mayHoldPacks(undefined)).toBe(false);
    expect(mayHoldPacks({ plan_type: "free" })).toBe(false);
    for (const plan of ["basic", "standard", "pro"]) {
      expect(mayHoldPacks({ plan_type: plan })).toBe(true);
    }
  });
});

describe("the pack-refunded e-mail", () => {
  async function render(locale: Locale): Promise<MailMessage> {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      send: async (message) => {
        sent.push(message);
        return "logged";
      },
      close: () => undefined,
    };
    const user: User = {
      id: "u1",
      email: "ada@example.com",
      name: "Ada <Admin>",
      locale,
      commentMails: true,
      createdAt: new Date().toISOString(),
    };
    await sendBillingMail({ mailer, config: { publicUrl: "https://verbatim.test" } }, user, {
      kind: "pack-refunded",
      product: "1000",
      amountCents: 2400,
      minutes: 1000,
    });
    expect(sent).toHaveLength(1);
    return sent[0]!;
  }

  it("says in English what was refunded and why", async () => {
    const mail = await render("en");
    expect(mail.to).toBe("ada@example.com");
    expect(mail.subject).toBe("Refunded: 1000 extra minutes");
    expect(mail.text).toContain("Your payment of $24.00 for 1000 extra minutes has been refunded");
    expect(mail.text).toContain("moved to the Free plan before the payment was confirmed");
    expect(mail.text).toContain("https://verbatim.test/account");
    expect(mail.html).toContain("has been refunded in full.");
    expect(mail.html).not.toContain("<Admin>"); // the name is escaped
  });

  it("says it in Traditional Chinese for zh-HK", async () => {
    const mail = await render("zh-HK");
    expect(mail.subject).toBe("已退款：1000 分鐘額外時數");
    expect(mail.text).toContain("$24.00 已全數退還");
    expect(mail.text).toContain("免費計劃");
    expect(mail.html).toContain('lang="zh-HK"');
  });
});
