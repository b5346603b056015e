import { describe, expect, it } from "vitest";

import { routeModel } from "./route-model.js";

const ALL = new Set(["base", "small", "large-v3-turbo", "parakeet-tdt-0.6b-v3", "sensevoice-small"]);
const WHISPER_ONLY = new Set(["base", "small"]);

describe("routeModel", () => {
  it("Fast runs Parakeet for the European languages it covers and Whisper base elsewhere", () => {
    expect(routeModel("fast", "en", null, ALL).model).toBe("parakeet-tdt-0.6b-v3");
    expect(routeModel("fast", "de", null, ALL).model).toBe("parakeet-tdt-0.6b-v3");
    expect(routeModel("fast", "ja", null, ALL).model).toBe("base");
    expect(routeModel("fast", "en", null, WHISPER_ONLY).model).toBe("base");
  });

  it("never sends Chinese audio to Parakeet, whatever auto-detection found", () => {
    expect(routeModel("fast", "zh", null, ALL).model).not.toBe("parakeet-tdt-0.6b-v3");
    expect(routeModel("fast", "auto", "zh", ALL).model).toBe("sensevoice-small");
    expect(routeModel("fast", "auto", "zh", WHISPER_ONLY).model).toBe("base");
    // Nothing detected: Whisper, which detects for itself.
    expect(routeModel("fast", "auto", null, ALL)).toEqual({ model: "base", language: "auto" });
  });

  it("Accurate runs the largest installed Whisper", () => {
    expect(routeModel("accurate", "en", null, ALL).model).toBe("large-v3-turbo");
    expect(routeModel("accurate", "en", null, WHISPER_ONLY).model).toBe("small");
  });

  it("Cantonese, chosen or detected, runs SenseVoice in yue, or Whisper when it is missing", () => {
    expect(routeModel("cantonese", "auto", null, ALL)).toEqual({
      model: "sensevoice-small",
      language: "yue",
    });
    expect(routeModel("fast", "auto", "yue", ALL).model).toBe("sensevoice-small");
    expect(routeModel("accurate", "yue", null, ALL).model).toBe("sensevoice-small");
    expect(routeModel("cantonese", "auto", null, WHISPER_ONLY)).toEqual({
      model: "small",
      language: "yue",
    });
  });

  it("follows the operator's table", () => {
    const table = {
      fastParakeet: "parakeet-tdt-0.6b-v3",
      fastWhisper: "tiny",
      accurate: ["medium"],
      cantonese: "sensevoice-small",
    };
    expect(routeModel("fast", "ja", null, ALL, table).model).toBe("tiny");
    expect(routeModel("accurate", "en", null, ALL, table).model).toBe("medium");
    // Parakeet and SenseVoice turned off: Whisper for everything.
    const whisperOnly = { ...table, fastParakeet: null, cantonese: null };
    expect(routeModel("fast", "en", null, ALL, whisperOnly).model).toBe("tiny");
    expect(routeModel("cantonese", "auto", null, ALL, whisperOnly)).toEqual({
      model: "medium",
      language: "yue",
    });
  });
});
