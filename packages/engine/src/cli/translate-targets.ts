import { canonicalLanguageTag } from "@verbatim/contract/translation-languages";
import { MAX_TRANSLATE_TO } from "@verbatim/contract/translation-cost";
import { EngineError } from "../errors.js";

// The languages `verbatim translate --to` and `verbatim transcribe --translate-to` name, read
// without loading the translation itself (the language model, the subtitle readers).

/** A BCP-47 target in its canonical case; INVALID_OPTIONS otherwise. */
export function targetLanguage(value: string): string {
  const tag = canonicalLanguageTag(value.trim());
  if (tag === null) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `The target language must be a BCP-47 code such as zh-HK (got "${value}").`,
    );
  }
  return tag;
}

/**
 * `verbatim transcribe --translate-to`'s languages: each value one code or several separated by
 * commas, the option repeatable (`--translate-to zh-HK,en --translate-to ja`); each read into its
 * canonical case, each once, at most MAX_TRANSLATE_TO as an upload's "translate when done".
 * Throws INVALID_OPTIONS (a usage error) before any file is read.
 */
export function translateTargets(values: string | readonly string[] | undefined): string[] {
  const tags: string[] = [];
  for (const value of typeof values === "string" ? [values] : (values ?? [])) {
    for (const part of value.split(",")) {
      if (part.trim() === "") continue;
      const tag = targetLanguage(part);
      if (!tags.includes(tag)) tags.push(tag);
    }
  }
  if (tags.length > MAX_TRANSLATE_TO) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `--translate-to takes at most ${MAX_TRANSLATE_TO} languages (got ${tags.length}: ${tags.join(", ")}).`,
    );
  }
  return tags;
}

/**
 * The name an input's output into `language` is written under: the input's own with one
 * language (as without translation), `talk.zh-HK` with several, one file per language.
 */
export function translatedStem(stem: string, language: string | undefined, count: number): string {
  return language !== undefined && count > 1 ? `${stem}.${language}` : stem;
}
