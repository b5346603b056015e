// Every error code the server or the engine can answer with has a text in both languages, so a
// zh-HK user never reads English: the codes are read from the server's and the engine's source
// (a new code there fails this test until it has its texts), and the texts agree in their
// placeholders.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "@verbatim/contract/error-texts/en.json";
import zh from "@verbatim/contract/error-texts/zh-HK.json";

const root = join(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The codes the server answers with: AppError(status, "CODE"…), code: "CODE", badRequest(…, "CODE"). */
function serverCodes(): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /AppError\(\s*\d{3},\s*"([A-Z][A-Z0-9_]+)"/g,
    /\bcode:\s*"([A-Z][A-Z0-9_]{3,})"/g,
    /badRequest\([^;]*?,\s*"([A-Z][A-Z0-9_]+)"\s*\)/gs,
  ];
  for (const file of sources(join(root, "apps/server/src"))) {
    const text = readFileSync(file, "utf8");
    for (const pattern of patterns)
      for (const match of text.matchAll(pattern)) found.add(match[1]!);
  }
  return found;
}

/** The engine's codes (its failures become a job's error code). */
function engineCodes(): Set<string> {
  const text = readFileSync(join(root, "packages/engine/src/errors.ts"), "utf8");
  const list = /ENGINE_ERROR_CODES = \[([\s\S]*?)\] as const/.exec(text)?.[1] ?? "";
  return new Set([...list.matchAll(/"([A-Z][A-Z0-9_]+)"/g)].map((match) => match[1]!));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the error catalogue", () => {
  const english: Record<string, string> = en.errors;
  const chinese: Record<string, string> = zh.errors;

  it("finds the codes it checks (the scan itself works)", () => {
    expect(serverCodes().size).toBeGreaterThan(50);
    expect(serverCodes()).toContain("INSUFFICIENT_MINUTES");
    expect(engineCodes()).toContain("INPUT_NOT_MEDIA");
  });

  it("has an English and a Chinese text for every code the server or engine can produce", () => {
    const missing = [...serverCodes(), ...engineCodes()].filter(
      (code) => !english[code] || !chinese[code],
    );
    expect(missing).toEqual([]);
  });

  it("says the same things in both languages: same codes, same placeholders, Chinese in zh-HK", () => {
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    for (const [code, text] of Object.entries(english)) {
      expect(placeholders(chinese[code] ?? ""), code).toEqual(placeholders(text));
      expect(chinese[code], code).toMatch(/\p{Script=Han}/u);
    }
  });
});
