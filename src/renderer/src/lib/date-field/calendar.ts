// The date field's calendar without React: days as "YYYY-MM-DD" moved in UTC arithmetic (a calendar day has
// no time zone, so no summer-time change can skip or repeat one), a month's weeks from the language's first
// day of the week, what a key does to the focused day, and the names Intl gives months and weekdays.
import { isoDay, isoParts } from '@shared/i18n/day-text';

const DAY_MS = 86_400_000;

function toUtc(day: string): Date {
  const parts = isoParts(day);
  if (!parts) throw new Error(`not a day: ${day}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
}

const fromUtc = (date: Date) => isoDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());

function addDays(day: string, count: number): string {
  return fromUtc(new Date(toUtc(day).getTime() + count * DAY_MS));
}

/** The same day `count` months on, or the month's last day when it is shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, count: number): string {
  const date = toUtc(day);
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return isoDay(first.getUTCFullYear(), first.getUTCMonth() + 1, Math.min(date.getUTCDate(), last));
}

/** ISO weekday: 1 Monday … 7 Sunday. */
function weekday(day: string): number {
  return toUtc(day).getUTCDay() || 7;
}

/** Today on the desk's calendar (its own time zone), "YYYY-MM-DD". */
export function localToday(now = new Date()): string {
  return isoDay(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/**
 * The language's first day of the week (1 Monday … 7 Sunday): CLDR's, through Intl.Locale's week info
 * (Monday in de and es, Sunday in en and pt-BR). Where Intl lacks it, Sunday in the United States, else Monday.
 */
export function firstDayOfWeek(locale: string): number {
  const tag = new Intl.Locale(locale) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  const info = tag.getWeekInfo?.() ?? tag.weekInfo;
  if (info) return info.firstDay;
  return tag.maximize().region === 'US' ? 7 : 1;
}

/** The month's weeks, each seven days from the first day of the week; days of other months are null. */
export function monthWeeks(day: string, firstDay: number): (string | null)[][] {
  const [year, month] = day.split('-') as [string, string];
  const first = `${year}-${month}-01`;
  const lead = (weekday(first) - firstDay + 7) % 7;
  const weeks: (string | null)[][] = [];
  let cursor = addDays(first, -lead);
  while (weeks.length === 0 || cursor.slice(0, 7) === first.slice(0, 7)) {
    const week: (string | null)[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(cursor.slice(0, 7) === first.slice(0, 7) ? cursor : null);
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/**
 * The day a key moves the focus to, or undefined for a key the grid leaves alone: arrows by a day or a week,
 * Page Up/Down by a month (with Shift by a year), Home/End to the week's first and last day.
 */
export function dayAfterKey(day: string, key: string, shift: boolean, firstDay: number): string | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'PageUp':
      return addMonths(day, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(day, shift ? 12 : 1);
    case 'Home':
      return addDays(day, -((weekday(day) - firstDay + 7) % 7));
    case 'End':
      return addDays(day, 6 - ((weekday(day) - firstDay + 7) % 7));
    default:
      return undefined;
  }
}

/** The weekdays' names from the first day of the week, short ("Mo") and whole ("Montag"), from Intl. */
export function weekdayNames(locale: string, firstDay: number): { short: string; long: string }[] {
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 2026-11-02 is a Monday: weekday n is that Monday plus n - 1 days.
  return Array.from({ length: 7 }, (_, index) => {
    const date = toUtc(addDays('2026-11-02', (firstDay - 1 + index) % 7));
    return { short: short.format(date), long: long.format(date) };
  });
}

/** "November 2026" in the language. */
export function monthTitle(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    toUtc(day),
  );
}

/** The day in full ("Samstag, 28. November 2026"): a day button's name. */
export function fullDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(toUtc(day));
}
