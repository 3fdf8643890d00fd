// A bounded map for what traffic can make unbounded (query names, media types, cookies, credentials'
// combinations): it keeps the `limit` smallest keys in code-unit order, and counts the rest. Which
// keys are kept depends only on the keys seen, never on their order (a key pushed out by smaller
// ones never comes back: they stay), so the same exchanges give the same report and overlay in any
// order, within bounded memory.

/** Code-unit order, the same on every machine (no locale). */
export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class SmallestKeys<V> {
  readonly kept = new Map<string, V>();
  /** How many times a key that is not kept was added (the weight of what was pushed out included). */
  others = 0;
  private readonly limit: number;
  private readonly weight: (value: V) => number;
  private readonly pinned: (key: string) => boolean;
  /** Kept keys that are not pinned, and the largest of them. */
  private unpinned = 0;
  private largest: string | undefined;

  /** `weight`: how many additions a kept value stands for (counted in `others` when it is pushed out); `pinned` keys are always kept, beyond the limit. */
  constructor(limit: number, weight: (value: V) => number, pinned: (key: string) => boolean = () => false) {
    this.limit = limit;
    this.weight = weight;
    this.pinned = pinned;
  }

  /** The value kept for `key` (made by `make` when new), or undefined when the key is not kept: then it is counted in `others` by `by`. */
  slot(key: string, make: () => V, by = 1): V | undefined {
    const had = this.kept.get(key);
    if (had !== undefined) return had;
    const pinned = this.pinned(key);
    if (!pinned && this.unpinned >= this.limit) {
      // Full: a key after the largest kept is counted; one before it takes its place.
      if (this.largest === undefined || compare(key, this.largest) > 0) {
        this.others += by;
        return undefined;
      }
      this.others += this.weight(this.kept.get(this.largest)!);
      this.kept.delete(this.largest);
      this.unpinned--;
      this.largest = undefined;
      for (const kept of this.kept.keys()) if (!this.pinned(kept) && (this.largest === undefined || compare(kept, this.largest) > 0)) this.largest = kept;
    }
    const value = make();
    this.kept.set(key, value);
    if (!pinned) {
      this.unpinned++;
      if (this.largest === undefined || compare(key, this.largest) > 0) this.largest = key;
    }
    return value;
  }
}

/** A count per key, bounded: the smallest `limit` keys kept, the rest counted. */
export class KeptCounts extends SmallestKeys<{ count: number }> {
  constructor(limit: number, pinned?: (key: string) => boolean) {
    super(limit, (value) => value.count, pinned);
  }

  add(key: string, by = 1): void {
    const slot = this.slot(key, () => ({ count: 0 }), by);
    if (slot) slot.count += by;
  }

  /** The kept keys with their counts, in code-unit order. */
  sorted(): [string, number][] {
    return [...this.kept].map(([key, { count }]) => [key, count] as [string, number]).sort(([a], [b]) => compare(a, b));
  }
}
