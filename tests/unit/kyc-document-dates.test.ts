// The rule that flags an identity document expired or not yet valid on the desk's day (issue 35, item 5):
// a warning for the compliance officer, read from YYYY-MM-DD day numbers and main's clock.
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../src/main/i18n/words';
import {
  DOCUMENT_EXPIRED,
  DOCUMENT_NOT_YET_VALID,
  dayNumber,
  dayText,
  deskToday,
  documentDateWarningList,
  documentDateWarnings,
} from '../../src/main/kyc/checking/document-dates';

const TODAY = dayNumber('2026-11-28');
const warnings = (issued: string, expires: string, today = TODAY) =>
  documentDateWarnings(dayNumber(issued), dayNumber(expires), today);

describe('dayNumber', () => {
  it('reads YYYY-MM-DD and nothing else', () => {
    expect(dayNumber('2026-11-28')).toBe(20261128);
    expect(dayText(20261128)).toBe('2026-11-28');
    for (const text of [
      '28.11.2026',
      '2026-11-2',
      '2026/11/28',
      '2026-1a-28',
      '',
      undefined,
      ['2026-11-28'],
    ]) {
      expect(dayNumber(text)).toBe(0);
    }
  });

  it('orders days as the calendar does', () => {
    expect(dayNumber('2026-12-01')).toBeGreaterThan(dayNumber('2026-11-30'));
    expect(dayNumber('2027-01-01')).toBeGreaterThan(dayNumber('2026-12-31'));
  });
});

describe('documentDateWarnings', () => {
  it('flags a document whose end date is in the past', () => {
    expect(warnings('2015-01-01', '2024-04-30')).toBe(DOCUMENT_EXPIRED);
    expect(warnings('2015-01-01', '2026-11-27')).toBe(DOCUMENT_EXPIRED);
  });

  it('flags a document whose start date is in the future', () => {
    expect(warnings('2026-11-29', '2036-11-28')).toBe(DOCUMENT_NOT_YET_VALID);
  });

  it('holds a document in force on its first and its last day', () => {
    expect(warnings('2026-11-28', '2036-11-27')).toBe(0);
    expect(warnings('2016-11-28', '2026-11-28')).toBe(0);
    expect(warnings('2020-01-01', '2030-01-01')).toBe(0);
  });

  it('says nothing of a date that is not one (the row is invalid for that already)', () => {
    expect(documentDateWarnings(0, 0, TODAY)).toBe(0);
  });

  it('names the date and the day it was read against', () => {
    const [expired, early] = documentDateWarningList(
      DOCUMENT_EXPIRED | DOCUMENT_NOT_YET_VALID,
      dayNumber('2027-01-01'),
      dayNumber('2024-04-30'),
      TODAY,
    );
    expect(expired).toMatchObject({ field: 'certificateDateEnd', kind: 'expired' });
    expect(expired!.words).toEqual({
      key: 'kyc.notice.expired',
      values: { date: '2024-04-30', today: '2026-11-28' },
    });
    expect(inEnglish()(expired!.words.key, expired!.words.values)).toContain(
      'expired on 2024-04-30 (today is 2026-11-28)',
    );
    expect(early).toMatchObject({ field: 'certificateDateStart', kind: 'not_yet_valid' });
    expect(inEnglish()(early!.words.key, early!.words.values)).toContain('valid only from 2027-01-01');
  });
});

describe('deskToday: the day on the desk, in its time zone', () => {
  // 23:30 UTC on 28 November is already 29 November in Berlin and still 28 November in New York.
  const lateEvening = Date.UTC(2026, 10, 28, 23, 30);

  it('reads the calendar day of the desk’s zone, not of UTC', () => {
    expect(deskToday(lateEvening, 'UTC')).toBe(20261128);
    expect(deskToday(lateEvening, 'Europe/Berlin')).toBe(20261129);
    expect(deskToday(lateEvening, 'America/New_York')).toBe(20261128);
  });

  it('turns a document that expires on the 28th into an expired one once the desk’s day is the 29th', () => {
    const expires = '2026-11-28';
    expect(warnings('2016-11-29', expires, deskToday(lateEvening, 'America/New_York'))).toBe(0);
    expect(warnings('2016-11-29', expires, deskToday(lateEvening, 'Europe/Berlin'))).toBe(DOCUMENT_EXPIRED);
  });

  it('uses the system’s zone when none is named', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(deskToday(lateEvening)).toBe(deskToday(lateEvening, zone));
  });
});
