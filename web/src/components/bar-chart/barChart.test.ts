import { describe, expect, it } from 'vitest';
import { barPercent, barStart, niceMax } from './barChart';

describe('bar chart arithmetic', () => {
  it('rounds the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(Number.NaN)).toBe(1);
    expect(niceMax(0.8)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(10)).toBe(10);
    expect(niceMax(11)).toBe(20);
    expect(niceMax(23)).toBe(25);
    expect(niceMax(260)).toBe(500);
    expect(niceMax(1.1)).toBe(2);
  });

  it('draws a bar as a share of the axis, never beyond it nor below zero', () => {
    expect(barPercent(5, 20)).toBe(25);
    expect(barPercent(30, 20)).toBe(100);
    expect(barPercent(-3, 20)).toBe(0);
    expect(barPercent(3, 0)).toBe(0);
  });

  it('starts a bar at the right edge when the page reads right to left', () => {
    expect(barStart(25, false)).toBe(0);
    expect(barStart(25, true)).toBe(75);
  });
});
