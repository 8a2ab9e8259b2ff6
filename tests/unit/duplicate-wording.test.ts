// The duplicate guard says what the earlier pay-in's status proves (issue 35, item 6): "were charged" only
// of an approval; an open pay-in "may have been charged", or waits for its bank page. The words are the
// catalogue's (one branch per status), here in English as main sends them and in German as an agent reads them.
import { duplicateValues } from '@shared/duplicate-wording';
import { MONEY_READING, PAYIN_STATUSES } from '@shared/payin-lifecycle';
import { describe, expect, it } from 'vitest';
import { inEnglish, wordsIn } from '../../src/main/i18n/words';

/** 14:02 and 09:15 on the desk's clock (the system's zone, as main and the renderer both read it). */
const AT_1402 = new Date(2026, 2, 29, 14, 2).getTime();
const AT_0915 = new Date(2026, 2, 29, 9, 15).getTime();

const question = (earlier: Parameters<typeof duplicateValues>[0]) =>
  inEnglish()('refusal.payin.duplicate', duplicateValues(earlier));

describe('the duplicate question', () => {
  it('says "were charged" of an approved pay-in alone, and has words of its own for every status', () => {
    for (const status of PAYIN_STATUSES) {
      const says = question({ at: AT_1402, status, merchantTradeNo: 'PD-1' });
      if (MONEY_READING[status] === 'charged') expect(says).toContain('were charged');
      else expect(says).not.toContain('were charged');
      // A status the catalogue forgot would fall to the branch for statuses this desk does not know.
      expect(says).not.toContain('its status is');
    }
  });

  it.each([
    ['outcome_unknown', 'may have been charged'],
    ['awaiting_confirmation', 'may have been charged'],
    ['processing', 'may have been charged'],
    ['pending', 'may have been charged'],
    ['action_required', 'waits for the bank page'],
  ] as const)('an earlier %s pay-in: "%s"', (status, words) => {
    const asked = question({ at: AT_1402, status, merchantTradeNo: 'PD-1' });
    expect(asked).toContain(words);
    expect(asked).toMatch(
      /^At 2:02 PM the same card, amount and customer .* \(order PD-1\)\. Send a second payment anyway\?$/,
    );
  });

  it('names another desk and its operator, and a status it does not know without reading it as charged', () => {
    expect(
      question({
        at: AT_0915,
        status: 'reversed',
        merchantTradeNo: 'PD-2',
        where: { desk: '"Front 1"', operator: 'Anna' },
      }),
    ).toBe(
      'At 9:15 AM, on desk "Front 1" by Anna, the same card, amount and customer may have been charged (its status is "reversed") (order PD-2). Send a second payment anyway?',
    );
  });

  it('reads in German as an agent there reads it, "may have been charged" still not "charged"', async () => {
    const german = await wordsIn('de');
    const values = duplicateValues({ at: AT_1402, status: 'outcome_unknown', merchantTradeNo: 'PD-3' });
    expect(german('refusal.payin.duplicate', values)).toBe(
      'Um 14:02 Uhr gab es eine Zahlung mit derselben Karte, demselben Betrag und demselben Kunden, die möglicherweise belastet wurde: Ihr Ergebnis ist unbekannt (Bestellung PD-3). Trotzdem eine zweite Zahlung senden?',
    );
  });
});
