// Moments as the agent reads them (src/shared/i18n/format.ts): date and time, time alone, date alone, in each
// language's own form and on the desk's clock, across both of Berlin's changes of summer time in 2026 (clocks
// forward at 01:00 UTC on 29 March, back at 01:00 UTC on 25 October).

import { formatDay } from '@shared/i18n/day-text';
import { formatDate, formatDateTime, formatTime, formatTimeOrDateTime } from '@shared/i18n/format';
import { describe, expect, it } from 'vitest';

/** Intl puts no-break spaces where a person sees a space (en's "3:00 AM"). */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const berlin = { timeZone: 'Europe/Berlin' } as const;
const withSeconds = { ...berlin, seconds: true } as const;

// The last second before each change, and the first after it.
const beforeSpring = Date.UTC(2026, 2, 29, 0, 59, 59);
const afterSpring = Date.UTC(2026, 2, 29, 1, 0, 0);
const beforeAutumn = Date.UTC(2026, 9, 25, 0, 59, 59);
const afterAutumn = Date.UTC(2026, 9, 25, 1, 0, 0);
// Half past midnight in Berlin, still the day before in UTC: on winter time (+1) and on summer time (+2).
const springMidnight = Date.UTC(2026, 2, 28, 23, 30);
const autumnMidnight = Date.UTC(2026, 9, 24, 22, 30);
const afternoon = Date.UTC(2026, 2, 29, 13, 5, 9);

const LANGUAGES = {
  en: {
    dateTime: [
      '03/29/2026, 1:59:59 AM',
      '03/29/2026, 3:00:00 AM',
      '10/25/2026, 2:59:59 AM',
      '10/25/2026, 2:00:00 AM',
    ],
    time: ['1:59 AM', '3:00 AM', '2:59 AM', '2:00 AM'],
    midnight: ['03/29/2026, 12:30 AM', '10/25/2026, 12:30 AM'],
    afternoon: ['3:05:09 PM', '3:05 PM'],
    date: ['03/29/2026', '10/25/2026'],
  },
  de: {
    dateTime: [
      '29.03.2026, 01:59:59',
      '29.03.2026, 03:00:00',
      '25.10.2026, 02:59:59',
      '25.10.2026, 02:00:00',
    ],
    time: ['01:59', '03:00', '02:59', '02:00'],
    midnight: ['29.03.2026, 00:30', '25.10.2026, 00:30'],
    afternoon: ['15:05:09', '15:05'],
    date: ['29.03.2026', '25.10.2026'],
  },
  'pt-BR': {
    dateTime: [
      '29/03/2026, 01:59:59',
      '29/03/2026, 03:00:00',
      '25/10/2026, 02:59:59',
      '25/10/2026, 02:00:00',
    ],
    time: ['01:59', '03:00', '02:59', '02:00'],
    midnight: ['29/03/2026, 00:30', '25/10/2026, 00:30'],
    afternoon: ['15:05:09', '15:05'],
    date: ['29/03/2026', '25/10/2026'],
  },
  es: {
    dateTime: ['29/03/2026, 1:59:59', '29/03/2026, 3:00:00', '25/10/2026, 2:59:59', '25/10/2026, 2:00:00'],
    time: ['1:59', '3:00', '2:59', '2:00'],
    midnight: ['29/03/2026, 0:30', '25/10/2026, 0:30'],
    afternoon: ['15:05:09', '15:05'],
    date: ['29/03/2026', '25/10/2026'],
  },
} as const;

describe.each(Object.entries(LANGUAGES))('moments in %s on Berlin’s clock', (locale, shown) => {
  const changes = [beforeSpring, afterSpring, beforeAutumn, afterAutumn];

  it('dates and times to the second, an hour skipped in spring and an hour twice in autumn', () => {
    expect(changes.map((at) => plain(formatDateTime(at, locale, withSeconds)))).toEqual(shown.dateTime);
  });

  it('times of day, to the minute unless seconds are asked for', () => {
    expect(changes.map((at) => plain(formatTime(at, locale, berlin)))).toEqual(shown.time);
    expect(plain(formatTime(afternoon, locale, withSeconds))).toBe(shown.afternoon[0]);
    expect(plain(formatTime(afternoon, locale, berlin))).toBe(shown.afternoon[1]);
  });

  it('the day of a moment is Berlin’s, not UTC’s, on winter and on summer time', () => {
    expect([springMidnight, autumnMidnight].map((at) => plain(formatDateTime(at, locale, berlin)))).toEqual(
      shown.midnight,
    );
    expect([springMidnight, autumnMidnight].map((at) => formatDate(at, locale, berlin))).toEqual(shown.date);
  });

  it('writes a moment’s day as the date field writes a calendar day', () => {
    expect(formatDate(afternoon, locale, berlin)).toBe(formatDay('2026-03-29', locale));
    expect(formatDate(autumnMidnight, locale, berlin)).toBe(formatDay('2026-10-25', locale));
  });

  it('shows the time alone on the same day in the desk’s zone, the date too on another', () => {
    // 00:30 in Berlin on 29 March is the same day as the afternoon there, though UTC calls it the 28th.
    expect(plain(formatTimeOrDateTime(springMidnight, afternoon, locale, berlin))).toBe(
      plain(formatTime(springMidnight, locale, berlin)),
    );
    expect(plain(formatTimeOrDateTime(beforeAutumn, afternoon, locale, withSeconds))).toBe(shown.dateTime[2]);
  });
});

describe('the desk’s zone', () => {
  it('is the one named, not the system’s', () => {
    const saoPaulo = formatDateTime(afterSpring, 'pt-BR', { timeZone: 'America/Sao_Paulo' });
    expect(plain(saoPaulo)).toBe('28/03/2026, 22:00');
  });
});
