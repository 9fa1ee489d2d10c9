import { describe, expect, it } from 'vitest';
import { attendanceCountsText, countsWithOwn } from './attendance-text';

describe('attendanceCountsText', () => {
  it('writes the counts in Spanish, compact past a thousand, and hides them when both are zero', () => {
    expect(attendanceCountsText(230, 1200)).toBe('230 van · 1,2\u00a0mil interesados');
    expect(attendanceCountsText(1, 1)).toBe('1 va · 1 interesado');
    expect(attendanceCountsText(0, 15300)).toBe('15,3\u00a0mil interesados');
    expect(attendanceCountsText(0, 0)).toBeNull();
  });

  it("adds the visitor's own mark kept on the device only", () => {
    expect(countsWithOwn({ going_count: 2, interested_count: 0 }, 'going')).toEqual({ going: 3, interested: 0 });
    expect(countsWithOwn({ going_count: 2, interested_count: 0 }, null)).toEqual({ going: 2, interested: 0 });
  });
});
