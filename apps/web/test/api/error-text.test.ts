// Any failure reads in the user's language: the server's codes with the catalogue's texts, and a
// request that got no answer (lost connection, offline, timeout…) with texts of its own — never
// an English sentence to a zh-HK user.
import { errorTextFor } from "@verbatim/contract";
import i18n from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError, CLIENT_ERROR_CODES, ClientError } from "../../src/api/client";
import { errorText } from "../../src/api/error-text";
import {
  uploadForTranscription,
  type TranscribeOptions,
} from "../../src/features/workspace/upload-transport";
import { setupI18n } from "../../src/i18n";
import { resources } from "../../src/i18n/all-resources";
import type { Language } from "../../src/i18n/language";
import { installFakeXhr } from "../fake-xhr";

const OPTIONS: TranscribeOptions = {
  model: "whisper-1",
  generateTimestamps: true,
  language: "auto",
  task: "transcribe",
  chineseScript: "none",
  style: "standard",
  speakers: { kind: "off" },
};

const HAN = /\p{Script=Han}/u;
/** Two English words in a row: a sentence a zh-HK user should not be shown. */
const ENGLISH = /[A-Za-z]{3,} [A-Za-z]{3,}/;

async function inLanguage(language: Language) {
  await i18n.changeLanguage(language);
}

beforeAll(async () => {
  if (!i18n.isInitialized) await setupI18n("en", resources);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("errorText", () => {
  it("explains a small upload lost to the network in Chinese to a zh-HK user", async () => {
    await inLanguage("zh-HK");
    installFakeXhr(() => "network");
    const file = new File([new Uint8Array(100)], "talk.mp3", { type: "audio/mpeg" });
    const failure = await uploadForTranscription(file, OPTIONS, () => undefined).catch(
      (error: unknown) => error,
    );
    const text = errorText(failure);
    expect(text).toMatch(HAN);
    expect(text).not.toMatch(ENGLISH);
  });

  it("has a text in both languages for every client code, Chinese in zh-HK", async () => {
    for (const code of CLIENT_ERROR_CODES) {
      await inLanguage("en");
      const english = errorText(new ClientError(code));
      await inLanguage("zh-HK");
      const chinese = errorText(new ClientError(code));
      expect(english, code).not.toContain(code);
      expect(english, code).toMatch(ENGLISH);
      expect(chinese, code).toMatch(HAN);
      expect(chinese, code).not.toMatch(ENGLISH);
    }
  });

  it("gives the catalogue's text for a server code, filled in from its details", async () => {
    await inLanguage("zh-HK");
    const details = { neededMinutes: 25, availableMinutes: 20 };
    const error = new ApiError(
      402,
      "INSUFFICIENT_MINUTES",
      "This file needs 25 minutes but you have 20 left.",
      details,
    );
    const expected = errorTextFor("INSUFFICIENT_MINUTES", "zh-HK", details);
    expect(expected).toMatch(HAN);
    expect(errorText(error)).toBe(expected);
  });

  it("never passes a known code's server sentence on, even with a detail missing", async () => {
    await inLanguage("zh-HK");
    const missing = new ApiError(402, "INSUFFICIENT_MINUTES", "You need more minutes for this.");
    expect(errorText(missing)).toMatch(HAN);
    expect(errorText(missing)).not.toMatch(ENGLISH);
    expect(errorText(missing, "後備文字")).toBe("後備文字");
  });

  it("shows a newer server's message for a code this build does not know", async () => {
    await inLanguage("zh-HK");
    // The request asked for zh-HK (Accept-Language), so the server answered in it.
    const unknown = new ApiError(400, "SOMETHING_NEW", "伺服器有新的錯誤。");
    expect(errorText(unknown)).toBe("伺服器有新的錯誤。");
  });

  it("says what a proxy's error page means, in the user's language", async () => {
    await inLanguage("zh-HK");
    const gateway = new ApiError(502, undefined, "<html><body>Bad Gateway</body></html>");
    const tooLarge = new ApiError(413, undefined, "<html>Request Entity Too Large</html>");
    expect(errorText(gateway)).toMatch(HAN);
    expect(errorText(gateway)).not.toContain("Gateway");
    expect(errorText(tooLarge)).toBe(errorTextFor("BODY_TOO_LARGE", "zh-HK"));
    await inLanguage("en");
    expect(errorText(new ApiError(500, undefined, "Internal Server Error"))).toContain("500");
  });
});
