import { describe, expect, it } from "vitest";
import { resources } from "../src/i18n/all-resources";

/** Every key path of a nested object of strings. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("the two locales", () => {
  it("have exactly the same keys, and no empty strings", () => {
    const en = keys(resources.en.translation).sort();
    const zh = keys(resources["zh-HK"].translation).sort();
    expect(zh).toEqual(en);
    const empty = (tree: unknown): string[] =>
      keys(tree).filter((path) => {
        const leaf = path
          .split(".")
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
        return typeof leaf === "string" && leaf.trim() === "";
      });
    expect(empty(resources.en.translation)).toEqual([]);
    expect(empty(resources["zh-HK"].translation)).toEqual([]);
  });
});
