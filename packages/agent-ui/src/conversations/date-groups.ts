import type { AgentConversationsStrings } from './strings.js';

const DAY = 24 * 60 * 60 * 1000;

/** Midnight of the calendar day `days` before `now`'s, in local time (DST-safe). */
function startOfDay(now: Date, days = 0): number {
  const date = new Date(now);
  date.setHours(0, 0, 0, 0);
  date.setDate(date.getDate() - days);
  return date.getTime();
}

export type DateGroup = 'today' | 'yesterday' | 'previous7Days' | 'older';

/** Today, Yesterday, Previous 7 days (the calendar days of the last week before yesterday) or Older, by local calendar days. */
export function dateGroupOf(date: Date, now: Date = new Date()): DateGroup {
  const time = date.getTime();
  if (time >= startOfDay(now)) return 'today';
  if (time >= startOfDay(now, 1)) return 'yesterday';
  if (time >= startOfDay(now, 7)) return 'previous7Days';
  return 'older';
}

export function dateGroupLabel(group: DateGroup, strings: AgentConversationsStrings): string {
  return strings[group];
}

/** Timestamp of a row in the locale: the time today, the weekday within a week, the date before. */
export function formatConversationTime(date: Date, locale: string | undefined, now: Date = new Date()): string {
  const group = dateGroupOf(date, now);
  if (group === 'today') return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  if (now.getTime() - date.getTime() < 7 * DAY) return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
