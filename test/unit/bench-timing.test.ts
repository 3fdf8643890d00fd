// The bench's median: the middle sample, and of an even count the mean of the two middle ones
// (`--runs 2` printed the larger of two .ci/run times as their median); the rounds every side of an
// alternating bench counted; the ratio of two sides' alternating rounds.
import { describe, expect, it } from 'vitest';
import { median, pairedRounds, roundsRatio } from '../../scripts/dev/bench-timing.ts';

describe('median', () => {
  it('is the middle sample of an odd count, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([7])).toBe(7);
  });
  it('is the mean of the two middle samples of an even count', () => {
    expect(median([712, 550])).toBe(631);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('leaves the samples as they were', () => {
    const samples = [3, 1, 2, 4];
    median(samples);
    expect(samples).toEqual([3, 1, 2, 4]);
  });
});

describe('pairedRounds', () => {
  it("drops a round one side did not count from every side (a baseline's failed cold run, HEAD's cold run with it)", () => {
    expect(
      pairedRounds([
        [555.6, 467.3],
        [undefined, 465.5],
      ]),
    ).toEqual({ samples: [[467.3], [465.5]], dropped: [0] });
  });
  it('keeps every round all sides counted, in order', () => {
    expect(
      pairedRounds([
        [3, 1, 2],
        [6, 4, 5],
      ]),
    ).toEqual({
      samples: [
        [3, 1, 2],
        [6, 4, 5],
      ],
      dropped: [],
    });
    expect(pairedRounds([[1, undefined, 3]])).toEqual({ samples: [[1, 3]], dropped: [1] });
  });
  it('counts a round a side never reached as not counted', () => {
    expect(pairedRounds([[1, 2], [5]])).toEqual({ samples: [[1], [5]], dropped: [1] });
  });
});

describe('roundsRatio', () => {
  it("is the median of the rounds' ratios: a round the machine paused in weighs as one round, not by its length", () => {
    // The third round of the first side paused 0.5 s: the totals' ratio would be 2.0, the rounds' 1.1.
    expect(roundsRatio([0.11, 0.055, 0.6, 0.22, 0.11], [0.1, 0.05, 0.1, 0.2, 0.1])).toBeCloseTo(1.1, 10);
  });
  it('is undefined where the sides do not have the same rounds, or one has none', () => {
    expect(roundsRatio([0.1, 0.2], [0.1])).toBeUndefined();
    expect(roundsRatio(undefined, [0.1])).toBeUndefined();
    expect(roundsRatio([], [])).toBeUndefined();
  });
});
