// The date field's calendar without a browser (lib/date-field/calendar.ts): the week's first day per language,
// a month's weeks, what each key does to the focused day, Intl's names; and days across a summer-time change
// in the desk's zone, where History's filter turns the day read into its local bounds (history/format.ts).
import {
  addMonths,
  dayAfterKey,
  firstDayOfWeek,
  fullDay,
  monthTitle,
  monthWeeks,
  weekdayNames,
} from '@renderer/lib/date-field/calendar';
import { dayPattern, patternText, readDay } from '@shared/i18n/day-text';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endOfLocalDay, startOfLocalDay } from '../../src/renderer/src/features/history/format';

describe('the week starts on the language’s first day (CLDR, through Intl.Locale)', () => {
  it.each([
    ['de', 1, 'Montag'],
    ['es', 1, 'lunes'],
    ['en', 7, 'Sunday'],
    ['pt-BR', 7, 'domingo'],
  ])('%s: day %i, %s', (locale, first, name) => {
    expect(firstDayOfWeek(locale)).toBe(first);
    const names = weekdayNames(locale, first);
    expect(names).toHaveLength(7);
    expect(names[0]?.long).toBe(name);
    expect(new Set(names.map((one) => one.long)).size).toBe(7);
  });

  it('lays November 2026 (1st a Sunday) out from that day', () => {
    const monday = monthWeeks('2026-11-28', 1);
    expect(monday[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(monday.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(monday).toHaveLength(6);
    const sunday = monthWeeks('2026-11-28', 7);
    expect(sunday[0]).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(sunday).toHaveLength(5);
    expect(sunday.flat().filter(Boolean)).toHaveLength(30);
  });

  it('names months and days with Intl, in the language', () => {
    expect(monthTitle('2026-11-28', 'de')).toBe('November 2026');
    expect(monthTitle('2026-11-28', 'pt-BR')).toBe('novembro de 2026');
    expect(fullDay('2026-11-28', 'de')).toBe('Samstag, 28. November 2026');
    expect(fullDay('2026-11-28', 'en')).toBe('Saturday, November 28, 2026');
  });
});

describe('keys move the focused day', () => {
  const move = (day: string, key: string, shift = false, first = 1) => dayAfterKey(day, key, shift, first);

  it('by a day and a week, across months and years', () => {
    expect(move('2026-11-01', 'ArrowLeft')).toBe('2026-10-31');
    expect(move('2026-12-31', 'ArrowRight')).toBe('2027-01-01');
    expect(move('2026-11-03', 'ArrowUp')).toBe('2026-10-27');
    expect(move('2026-11-28', 'ArrowDown')).toBe('2026-12-05');
  });

  it('by a month (Page Up/Down) and a year (with Shift), to the month’s last day when it is shorter', () => {
    expect(move('2026-11-28', 'PageUp')).toBe('2026-10-28');
    expect(move('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(move('2028-02-29', 'PageUp', true)).toBe('2027-02-28');
    expect(move('2026-12-15', 'PageDown', true)).toBe('2027-12-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('to the week’s first and last day, the language’s week', () => {
    // Wednesday 25 November 2026.
    expect(move('2026-11-25', 'Home', false, 1)).toBe('2026-11-23');
    expect(move('2026-11-25', 'End', false, 1)).toBe('2026-11-29');
    expect(move('2026-11-25', 'Home', false, 7)).toBe('2026-11-22');
    expect(move('2026-11-25', 'End', false, 7)).toBe('2026-11-28');
  });

  it('leaves other keys to the grid (Enter picks, Escape closes, Tab leaves)', () => {
    for (const key of ['Enter', ' ', 'Escape', 'Tab', 'a']) expect(move('2026-11-25', key)).toBeUndefined();
  });
});

describe('a day across a summer-time change, in a desk in Berlin', () => {
  // Node takes a new TZ at once (vi.stubEnv sets process.env.TZ); the first assertion checks it did.
  beforeAll(() => {
    vi.stubEnv('TZ', 'Europe/Berlin');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('moves by whole calendar days, and the filter reads its 23 or 25 local hours', () => {
    // The zone is the one asked for: winter +60, summer +120 minutes.
    expect(new Date(2026, 0, 15).getTimezoneOffset()).toBe(-60);
    expect(new Date(2026, 6, 15).getTimezoneOffset()).toBe(-120);
    expect(move('2026-03-28', 'ArrowRight')).toBe('2026-03-29');
    expect(move('2026-03-29', 'ArrowRight')).toBe('2026-03-30');
    expect(move('2026-10-24', 'ArrowDown')).toBe('2026-10-31');
    const letters = patternText(dayPattern('de'), { day: 'TT', month: 'MM', year: 'JJJJ' });
    const spring = readDay('29032026', 'de', { patternText: letters });
    const autumn = readDay('25.10.2026', 'de', { patternText: letters });
    expect(spring).toEqual({ ok: true, day: '2026-03-29' });
    expect(autumn).toEqual({ ok: true, day: '2026-10-25' });
    const hours = (day: string) => ((endOfLocalDay(day) ?? 0) - (startOfLocalDay(day) ?? 0)) / 3_600_000;
    expect(hours('2026-03-29')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(startOfLocalDay('2026-03-29')).toBe(Date.UTC(2026, 2, 28, 23));
  });

  function move(day: string, key: string) {
    return dayAfterKey(day, key, false, 1);
  }
});
