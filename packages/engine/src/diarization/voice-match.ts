// Recognising saved voices: each speaker found in a recording is compared with the user's saved
// voices by cosine similarity of their embeddings (from the same embedding model).

/**
 * Least cosine similarity for a speaker to take a saved voice's name. 3D-Speaker embeddings of
 * one person typically score well above 0.5 and of two people below it (sherpa-onnx's speaker
 * identification examples use 0.5 to 0.6); 0.6 errs towards leaving a speaker unnamed rather
 * than naming them wrongly. Not tuned on real recordings here (no trained models on this machine).
 */
export const VOICE_MATCH_THRESHOLD = 0.6;

export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return aa > 0 && bb > 0 ? dot / Math.sqrt(aa * bb) : 0;
}

/**
 * Names speakers after saved voices: the most similar (speaker, voice) pairs first, each voice
 * and each speaker used at most once, only pairs at or above the threshold. Voices whose
 * embedding has another length (saved with another model) are skipped. Returns id → name.
 */
export function matchVoices(
  speakers: readonly { id: string; embedding: ArrayLike<number> }[],
  voices: readonly { name: string; embedding: readonly number[] }[],
  threshold = VOICE_MATCH_THRESHOLD,
): Map<string, string> {
  const pairs: { id: string; voice: number; similarity: number }[] = [];
  for (const speaker of speakers)
    voices.forEach((voice, index) => {
      if (voice.embedding.length !== speaker.embedding.length) return;
      const similarity = cosineSimilarity(speaker.embedding, voice.embedding);
      if (similarity >= threshold) pairs.push({ id: speaker.id, voice: index, similarity });
    });
  pairs.sort((a, b) => b.similarity - a.similarity);
  const names = new Map<string, string>();
  const usedVoices = new Set<number>();
  for (const pair of pairs) {
    if (names.has(pair.id) || usedVoices.has(pair.voice)) continue;
    names.set(pair.id, voices[pair.voice]!.name);
    usedVoices.add(pair.voice);
  }
  return names;
}
