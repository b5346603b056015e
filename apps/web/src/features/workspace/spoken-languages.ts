import { WHISPER_LANGUAGES } from "@verbatim/contract";

// The languages the Whisper model knows (the API accepts these codes), by code; names come
// from the browser in the interface language.
const CODES = Object.keys(WHISPER_LANGUAGES);

/** Codes with their names in `locale`, sorted by name. */
export function spokenLanguages(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "language" });
  const nameOf = (code: string) => {
    try {
      return names.of(code === "jw" ? "jv" : code) ?? code;
    } catch {
      return code;
    }
  };
  return CODES.map((code) => ({ code, name: nameOf(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}
