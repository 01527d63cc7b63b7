import { describe, expect, it } from 'vitest';
import { studioToday } from './article';

describe("a new article's date", () => {
  it("is the studio's day: at 01:55 in Hyderabad (20:25 UTC the day before) it is already Hyderabad's date", () => {
    expect(studioToday(new Date('2026-11-27T20:25:00Z'))).toBe('2026-11-28');
    expect(studioToday(new Date('2026-11-27T18:29:00Z'))).toBe('2026-11-27');
  });
});
