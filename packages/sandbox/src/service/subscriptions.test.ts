import { describe, expect, it } from 'vitest';
import { addInterval } from './subscriptions.js';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

describe('addInterval', () => {
  it.each<[string, 'day' | 'week' | 'month' | 'year', number, string]>([
    ['2027-01-31T10:00:00Z', 'month', 1, '2027-02-28'],
    ['2027-01-31T10:00:00Z', 'month', 2, '2027-03-31'],
    ['2028-01-31T10:00:00Z', 'month', 1, '2028-02-29'],
    ['2027-03-31T10:00:00Z', 'month', 1, '2027-04-30'],
    ['2027-12-15T10:00:00Z', 'month', 1, '2028-01-15'],
    ['2028-02-29T10:00:00Z', 'year', 1, '2029-02-28'],
    ['2027-01-31T10:00:00Z', 'week', 1, '2027-02-07'],
    ['2027-02-28T10:00:00Z', 'day', 1, '2027-03-01'],
  ])('%s + %s × %i = %s', (from, interval, count, expected) => {
    expect(iso(addInterval(at(from), interval, count))).toBe(expected);
  });

  it('keeps the time of day', () => {
    expect(new Date(addInterval(at('2027-01-31T10:11:12.345Z'), 'month', 1)).toISOString()).toBe('2027-02-28T10:11:12.345Z');
  });
});
