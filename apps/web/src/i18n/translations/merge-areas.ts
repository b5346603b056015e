/** One language's strings, as i18next takes them: every area's keys side by side. */
export type Translation = Record<string, unknown>;

/**
 * Puts translation files together: each file of a folder under `locales/<language>/` (one per
 * area of the app, found by the caller's `import.meta.glob`, so a new area needs no edit here).
 * Two files defining the same top-level key
 * would silently shadow each other, so that is refused.
 */
export function mergeAreas(areas: Record<string, Translation>): Translation {
  const merged: Translation = {};
  const from = new Map<string, string>();
  const files = Object.entries(areas).sort(([a], [b]) => a.localeCompare(b));
  for (const [file, area] of files) {
    for (const [key, value] of Object.entries(area)) {
      const earlier = from.get(key);
      if (earlier !== undefined) throw new Error(`"${key}" is in both ${earlier} and ${file}`);
      from.set(key, file);
      merged[key] = value;
    }
  }
  return merged;
}
