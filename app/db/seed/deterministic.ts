import { createHash } from "node:crypto";

/** A stable uuid (v5 layout) for a name, so seeding twice finds the same rows. */
export function uuidFromName(name: string): string {
  const bytes = createHash("sha1").update(`isent:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A small seeded generator (mulberry32): the same seed gives the same demo data. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    /** Picks an index by weight, e.g. [30, 30, 15] favours 0 and 1. */
    weighted: (weights: readonly number[]) => {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      let roll = next() * total;
      for (let index = 0; index < weights.length; index++) {
        roll -= weights[index];
        if (roll < 0) return index;
      }
      return weights.length - 1;
    },
  };
}
