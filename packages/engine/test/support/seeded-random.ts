/** A deterministic source of uniform and normal random numbers (mulberry32 + Box-Muller). */
export interface SeededRandom {
  /** Uniform in [0, 1). */
  uniform(): number;
  /** Standard normal (mean 0, deviation 1). */
  normal(): number;
  /** Integer in [min, max]. */
  integer(min: number, max: number): number;
  /** 32 random bits as an unsigned integer. */
  uint32(): number;
}

/** A seeded PRNG, so generated models are byte-identical from run to run. */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  let spare: number | null = null;
  const uint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const uniform = (): number => uint32() / 4294967296;
  const normal = (): number => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const u = 1 - uniform(); // (0, 1], so the log is finite
    const radius = Math.sqrt(-2 * Math.log(u));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
  const integer = (min: number, max: number): number =>
    min + Math.floor(uniform() * (max - min + 1));
  return { uniform, normal, integer, uint32 };
}
