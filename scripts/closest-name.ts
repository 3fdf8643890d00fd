// The name a mistyped one most likely meant: the closest by edit distance, when it is close.

/** The Levenshtein distance between `a` and `b`. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** How far a name may be from the one it stands for: a third of its length, at least 2. */
export const closeEnough = (wanted: string): number => Math.max(2, Math.floor(wanted.length / 3));

/** The one of `names` closest to `wanted` (case ignored), when it is close enough; else undefined. */
export function closestName(wanted: string, names: Iterable<string>): string | undefined {
  if (wanted.length > 200) return undefined;
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const d = distance(wanted.toLowerCase(), name.toLowerCase());
    if (!best || d < best.distance) best = { name, distance: d };
  }
  return best && best.distance <= closeEnough(wanted) ? best.name : undefined;
}
