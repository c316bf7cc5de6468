/**
 * mulberry32: a 32-bit seeded PRNG returning floats in [0, 1). graphology's Louvain takes
 * any `() => number` as `rng`; a fixed seed makes its random walk, and so the communities,
 * the same on every run and machine.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
