// A moment in a refusal of main's (issue 33): main sends it as a number (epoch ms), never as a time of day it
// wrote itself, and each language's catalogue says it on the reader's clock ({at, time, short}): "2:05 PM" in
// English, "14:05" in German, as History and the operators page say a time (shared/i18n/format.ts).
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { i18n } from '@renderer/i18n/i18n';
import { call, PaydeskError } from '@renderer/lib/paydesk';
import { duplicateValues } from '@shared/duplicate-wording';
import german from '@shared/i18n/catalogs/de.json';
import english from '@shared/i18n/catalogs/en.json';
import { formatTime } from '@shared/i18n/format';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../src/main/i18n/refuse';

const CATALOGS = { en: english, de: german };

function speak(language: keyof typeof CATALOGS) {
  const messages = Object.fromEntries(
    Object.entries(CATALOGS[language]).map(([key, message]) => [key, compileMessageOrThrow(message)]),
  );
  i18n.loadAndActivate({ locale: language, messages });
}

async function shown(error: unknown): Promise<string> {
  (globalThis as unknown as { window: unknown }).window = {
    paydesk: { invoke: async () => ({ ok: false, error }), on: () => () => undefined },
  };
  const thrown = await call('app.info').then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(thrown).toBeInstanceOf(PaydeskError);
  return (thrown as PaydeskError).message;
}

/** 14:05 and 09:07 on the desk's clock (the system's zone, which main and the renderer both read). */
const AFTERNOON = new Date(2026, 2, 29, 14, 5).getTime();
const MORNING = new Date(2026, 2, 29, 9, 7).getTime();

describe('a moment in a refusal', () => {
  it('the duplicate question: main sends the moment, English and German say it on their own clocks', async () => {
    const answer = refusal(
      'duplicate_suspected',
      'refusal.payin.duplicate',
      duplicateValues({ at: AFTERNOON, status: 'approved', merchantTradeNo: 'PD-1' }),
    ).toIpcError();
    expect(answer.words?.values?.at).toBe(AFTERNOON);
    expect(answer.message).toMatch(
      /^At 2:05 PM the same card, amount and customer were charged \(order PD-1\)/,
    );
    speak('en');
    expect(await shown(answer)).toMatch(/^At 2:05 PM the same card/);
    speak('de');
    const inGerman = await shown(answer);
    expect(inGerman).toMatch(/^Um 14:05 Uhr gab es eine Zahlung mit derselben Karte/);
    expect(inGerman).toContain(`Um ${formatTime(AFTERNOON, 'de')} Uhr`);
  });

  it('the lockout: until a moment, said as the operators page says a time ("03:30" in German)', async () => {
    const answer = refusal('locked', 'refusal.session.accountLocked', {
      attempts: 10,
      until: MORNING,
    }).toIpcError();
    expect(answer.words?.values).toEqual({ attempts: 10, until: MORNING });
    expect(answer.message).toBe(
      'This account is locked after 10 failed sign-ins, until 9:07 AM. Another operator can sign in at this desk; a supervisor can reset the account.',
    );
    speak('en');
    expect(await shown(answer)).toBe(answer.message);
    speak('de');
    expect(await shown(answer)).toBe(
      'Dieses Konto ist nach 10 fehlgeschlagenen Anmeldungen bis 09:07 Uhr gesperrt. Ein anderer Benutzer kann sich an diesem Arbeitsplatz anmelden; ein Supervisor kann das Konto zurücksetzen.',
    );
    expect(formatTime(MORNING, 'de')).toBe('09:07');
  });
});
