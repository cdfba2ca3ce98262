/**
 * A seeded generator for the tests that compare enginekit with a real engine or engine CLI on generated
 * input (the manifest differential test, the ignore-pattern oracle): each prints its seed, and the same
 * seed replays the same inputs.
 */

/**
 * mulberry32: a small, fast generator of floats in [0, 1) from a 32-bit `seed` (not cryptographic).
 * The same seed always gives the same sequence.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
