// Issue 33, item 6: a day is typed and shown in the desk's language, its order and separator Intl's. Examples per
// language (typed with separators, as digits alone, as ISO), refusals (impossible, ambiguous, out of range,
// unreadable), then properties: any day written in a language reads back as that day there, in ISO too.
import {
  type DayRefusal,
  dayPattern,
  formatDay,
  isoParts,
  patternText,
  readDay,
} from '@shared/i18n/day-text';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/languages';

const LETTERS = { day: 'DD', month: 'MM', year: 'YYYY' };
const read = (typed: string, locale: string, max?: string) =>
  readDay(typed, locale, { patternText: patternText(dayPattern(locale), LETTERS), ...(max && { max }) });
const dayOf = (typed: string, locale: string) => {
  const reading = read(typed, locale);
  return reading.ok ? reading.day : `refused: ${reading.refusal.reason}`;
};
const refusalOf = (typed: string, locale: string, max?: string): DayRefusal | undefined => {
  const reading = read(typed, locale, max);
  return reading.ok ? undefined : reading.refusal;
};

describe('the order and separator come from Intl, per language', () => {
  it.each([
    ['en', ['month', 'day', 'year'], '/', '11/28/2026', 'MM/DD/YYYY'],
    ['es', ['day', 'month', 'year'], '/', '28/11/2026', 'DD/MM/YYYY'],
    ['pt-BR', ['day', 'month', 'year'], '/', '28/11/2026', 'DD/MM/YYYY'],
    ['de', ['day', 'month', 'year'], '.', '28.11.2026', 'DD.MM.YYYY'],
  ])('%s writes %j with "%s": %s', (locale, order, separator, written, pattern) => {
    expect(dayPattern(locale)).toEqual({ order, separator });
    expect(formatDay('2026-11-28', locale)).toBe(written);
    expect(patternText(dayPattern(locale), LETTERS)).toBe(pattern);
  });

  it('writes days and months with two digits, and leaves anything that is not a day as it is', () => {
    expect(formatDay('2026-03-07', 'de')).toBe('07.03.2026');
    expect(formatDay('2026-03-07', 'en')).toBe('03/07/2026');
    expect(formatDay('', 'de')).toBe('');
    expect(formatDay('2026-02-31', 'de')).toBe('2026-02-31');
  });
});

describe('a typed day is read in the language’s order', () => {
  it.each(['es', 'pt-BR', 'de'])('%s: day first, with any separator or none', (locale) => {
    for (const typed of [
      '28112026',
      '28.11.2026',
      '28/11/2026',
      '28-11-2026',
      '28 11 2026',
      ' 28.11.2026. ',
    ]) {
      expect(dayOf(typed, locale), typed).toBe('2026-11-28');
    }
    expect(dayOf('7.3.2026', locale)).toBe('2026-03-07');
    expect(dayOf('07032026', locale)).toBe('2026-03-07');
  });

  it('en: month first (en-US, as CLDR reads bare "en")', () => {
    expect(dayOf('11282026', 'en')).toBe('2026-11-28');
    expect(dayOf('11/28/2026', 'en')).toBe('2026-11-28');
    expect(dayOf('3.7.2026', 'en')).toBe('2026-03-07');
    // The day-first digits are no day in en: there is no 28th month.
    expect(dayOf('28112026', 'en')).toBe('refused: impossible');
  });

  it.each(LANGUAGES)('%s: ISO (year first) in every language, with any separator', (locale) => {
    expect(dayOf('2026-11-28', locale)).toBe('2026-11-28');
    expect(dayOf('2026/11/28', locale)).toBe('2026-11-28');
    expect(dayOf('2026-3-7', locale)).toBe('2026-03-07');
  });

  it('a two-digit year is this century’s (20yy), typed with separators or as six digits', () => {
    expect(dayOf('28.11.26', 'de')).toBe('2026-11-28');
    expect(dayOf('281126', 'de')).toBe('2026-11-28');
    expect(dayOf('11/28/99', 'en')).toBe('2099-11-28');
    expect(dayOf('1.1.00', 'es')).toBe('2000-01-01');
  });

  it('digits with a one-digit day or month are read when only one reading is a day', () => {
    // 3.12.2026, since 31.2.2026 is none.
    expect(dayOf('3122026', 'de')).toBe('2026-12-03');
    // 1.1.2026, since 11.20.26 is none.
    expect(dayOf('112026', 'de')).toBe('2026-01-01');
  });

  it('empty is no day: the filter without that bound', () => {
    expect(read('', 'de')).toEqual({ ok: true, day: '' });
    expect(read('   ', 'de')).toEqual({ ok: true, day: '' });
  });
});

describe('what is not one day is refused, with what the refusal shows', () => {
  it('a day the calendar does not have', () => {
    expect(refusalOf('31.02.2026', 'de')).toEqual({ reason: 'impossible', typed: '31.02.2026' });
    expect(refusalOf('29022026', 'de')).toEqual({ reason: 'impossible', typed: '29022026' });
    expect(refusalOf('02/30/2026', 'en')).toEqual({ reason: 'impossible', typed: '02/30/2026' });
    expect(refusalOf('2026-13-01', 'es')).toEqual({ reason: 'impossible', typed: '2026-13-01' });
    // 29 February in a leap year is a day.
    expect(dayOf('29.02.2028', 'de')).toBe('2028-02-29');
  });

  it('digits two days could be, showing both in the language', () => {
    expect(refusalOf('1112026', 'de')).toEqual({
      reason: 'ambiguous',
      typed: '1112026',
      first: '11.01.2026',
      second: '01.11.2026',
      pattern: 'DD.MM.YYYY',
    });
    // en: 11/20/26 or 1/1/2026.
    expect(refusalOf('112026', 'en')).toMatchObject({
      reason: 'ambiguous',
      first: '01/01/2026',
      second: '11/20/2026',
    });
  });

  it('a four-digit year out of range, and text that is no day in any form', () => {
    expect(refusalOf('28.11.3026', 'de')).toEqual({ reason: 'year', min: 1900, max: 2199 });
    for (const typed of [
      '28.11',
      '2811',
      '28112',
      '281120261',
      'Nov 28 2026',
      '28.11.2026.1',
      '28.111.2026',
    ]) {
      expect(refusalOf(typed, 'de'), typed).toEqual({ reason: 'format', pattern: 'DD.MM.YYYY' });
    }
  });

  it('a day after the field’s latest, shown in the language', () => {
    expect(refusalOf('29.11.2026', 'de', '2026-11-28')).toEqual({ reason: 'afterMax', max: '28.11.2026' });
    expect(dayOf('28.11.2026', 'de')).toBe('2026-11-28');
    expect(read('28.11.2026', 'de', '2026-11-28')).toEqual({ ok: true, day: '2026-11-28' });
  });
});

const days = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('properties', () => {
  it.each(LANGUAGES)(
    '%s: any day written in the language reads back as that day, and so does its ISO',
    (locale) => {
      fc.assert(
        fc.property(days, (day) => {
          expect(dayOf(formatDay(day, locale), locale)).toBe(day);
          expect(dayOf(day, locale)).toBe(day);
          // Written without its separators: the eight digits of the language's order.
          expect(dayOf(formatDay(day, locale).replace(/\D/g, ''), locale)).toBe(day);
        }),
        { numRuns: 500 },
      );
    },
  );

  it('whatever is typed is read as a real day or refused, never as something else', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789./- '), maxLength: 14 }), (typed) => {
        const reading = read(typed, 'de');
        if (reading.ok && reading.day !== '') expect(isoParts(reading.day)).toBeDefined();
      }),
    );
  });
});

describe('a day across a summer-time change', () => {
  it('is the same calendar day, whatever the zone of the process', () => {
    // Europe's last Sunday of March 2026 (23 hours long in Berlin) and the US's second Sunday of March.
    for (const day of ['2026-03-29', '2026-10-25', '2026-03-08', '2026-11-01']) {
      for (const locale of LANGUAGES) expect(dayOf(formatDay(day, locale), locale)).toBe(day);
    }
  });
});
