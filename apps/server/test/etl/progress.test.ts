import { describe, expect, it } from 'vitest';
import { modelProgress } from '../../src/modules/etl';

describe("a run's progress while the data model is built", () => {
  it('moves with each model built and names its own count, staying below 100 until the run ends', () => {
    expect(modelProgress(0, 12)).toEqual({ step: 'Building the data model (0 of 12 tables)', points: 90 });
    expect(modelProgress(6, 12)).toEqual({ step: 'Building the data model (6 of 12 tables)', points: 95 });
    expect(modelProgress(11, 12).points).toBe(99);
    expect(modelProgress(12, 12).points).toBe(99);
    const points = Array.from({ length: 13 }, (_, done) => modelProgress(done, 12).points);
    expect(points).toEqual([...points].sort((a, b) => a - b));
    expect(new Set(points).size).toBeGreaterThan(5);
  });
});
