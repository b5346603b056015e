const CJK_CHAR =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\u3040-\u30FF\u31F0-\u31FF\uFE30-\uFE4F\uFF00-\uFFEF]$/u;
const HANGUL_CHAR = /^\p{Script=Hangul}$/u;
const WHITESPACE = /^\s$/u;
// Line breaking asks about every character many times; the answers are cached per character.
const CACHE_LIMIT = 50_000;
const cjkCache = new Map<string, boolean>();
const anywhereCache = new Map<string, boolean>();

/** Whether one character is Han, Hiragana, Katakana, Hangul, CJK punctuation or a fullwidth form. */
export function isCjkChar(ch: string): boolean {
  return cached(cjkCache, ch, () => CJK_CHAR.test(ch));
}

/** Whether most of the text's visible characters (at least half) are CJK. */
export function isCjkText(text: string): boolean {
  let cjk = 0;
  let visible = 0;
  for (const ch of text) {
    if (WHITESPACE.test(ch)) continue;
    visible += 1;
    if (isCjkChar(ch)) cjk += 1;
  }
  return visible > 0 && cjk * 2 >= visible;
}

/**
 * Whether a line may break right before or after this character without a space: true for
 * CJK except Hangul, since Korean is written with spaces between words.
 */
export function breaksAnywhere(ch: string): boolean {
  return cached(anywhereCache, ch, () => isCjkChar(ch) && !HANGUL_CHAR.test(ch));
}

function cached(cache: Map<string, boolean>, ch: string, compute: () => boolean): boolean {
  const known = cache.get(ch);
  if (known !== undefined) return known;
  const value = compute();
  if (cache.size < CACHE_LIMIT) cache.set(ch, value);
  return value;
}
