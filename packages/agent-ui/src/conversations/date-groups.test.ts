import { describe, expect, it } from 'vitest';
import { dateGroupOf, formatConversationTime } from './date-groups.js';

// Local times, so the calendar-day arithmetic is checked in whatever time zone the run uses.
const now = new Date(2026, 10, 23, 9, 30);
const at = (day: number, hour = 12) => new Date(2026, 10, day, hour, 0);

describe('dateGroupOf', () => {
  it('splits by local calendar days: today from midnight, yesterday, the 7 days before it, older', () => {
    expect(dateGroupOf(at(23, 0), now)).toBe('today');
    expect(dateGroupOf(new Date(2026, 10, 22, 23, 59), now)).toBe('yesterday');
    expect(dateGroupOf(at(22, 0), now)).toBe('yesterday');
    expect(dateGroupOf(at(21), now)).toBe('previous7Days');
    expect(dateGroupOf(at(16, 0), now)).toBe('previous7Days');
    expect(dateGroupOf(new Date(2026, 10, 15, 23, 59), now)).toBe('older');
    expect(dateGroupOf(new Date(2025, 0, 1), now)).toBe('older');
  });

  it('counts calendar days across a month boundary', () => {
    const first = new Date(2026, 11, 1, 8);
    expect(dateGroupOf(new Date(2026, 10, 30, 22), first)).toBe('yesterday');
    expect(dateGroupOf(new Date(2026, 10, 25, 10), first)).toBe('previous7Days');
  });
});

describe('formatConversationTime', () => {
  it('shows the time today, the weekday this week and the date before, in the locale', () => {
    expect(formatConversationTime(at(23, 8), 'en-US', now)).toMatch(/08:00/);
    expect(formatConversationTime(at(20), 'en-US', now)).toBe('Fri');
    expect(formatConversationTime(at(20), 'de-DE', now)).toMatch(/^Fr\.?$/);
    expect(formatConversationTime(new Date(2026, 0, 5), 'en-US', now)).toBe('Jan 5, 2026');
    expect(formatConversationTime(new Date(2026, 0, 5), 'zh-CN', now)).toBe('2026年1月5日');
  });
});
