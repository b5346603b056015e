import { createSeededRandom } from "./seeded-random.js";

// whisper.cpp model files store 50,257 tokens: GPT-2's 256 byte tokens, 50,000 merges and one
// last token (empty in multilingual files, "<|endoftext|>" in English-only ones). whisper.cpp
// synthesizes the special and language tokens up to n_vocab itself.
const STORED_TOKENS = 50_257;

/** GPT-2's byte-token order: printable bytes first, then the rest. */
function byteTokenOrder(): number[] {
  const printable: number[] = [];
  for (let b = 33; b <= 126; b++) printable.push(b);
  for (let b = 161; b <= 172; b++) printable.push(b);
  for (let b = 174; b <= 255; b++) printable.push(b);
  const taken = new Set(printable);
  for (let b = 0; b < 256; b++) if (!taken.has(b)) printable.push(b);
  return printable;
}

/** A plausible token list: the 256 bytes, then unique random ASCII words, so output is random text. */
export function randomVocabulary(multilingual: boolean, seed = 51865): Buffer[] {
  const random = createSeededRandom(seed);
  const tokens = byteTokenOrder().map((b) => Buffer.from([b]));
  const seen = new Set<string>();
  const letters = "etaoinshrdlucmfwypvbgkjqxz";
  while (tokens.length < STORED_TOKENS - 1) {
    const length = random.integer(2, 9);
    let word = random.uniform() < 0.6 ? " " : "";
    // Skewed letter choice makes the words look a little like English.
    for (let i = 0; i < length; i++) word += letters[Math.floor(random.uniform() ** 2 * 26)] ?? "e";
    if (seen.has(word)) continue;
    seen.add(word);
    tokens.push(Buffer.from(word, "latin1"));
  }
  tokens.push(Buffer.from(multilingual ? "" : "<|endoftext|>", "latin1"));
  return tokens;
}
