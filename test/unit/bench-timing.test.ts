// The bench's median: the middle sample, and of an even count the mean of the two middle ones
// (`--runs 2` printed the larger of two .ci/run times as their median).
import { describe, expect, it } from 'vitest';
import { median } from '../../scripts/dev/bench-timing.ts';

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
