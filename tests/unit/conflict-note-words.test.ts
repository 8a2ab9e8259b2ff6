// A conflict's note (issue 33): the lifecycle (shared) names the catalogue entry and its values, main words
// it, and the reader reads it in their language. The gateway's orderId and amount go in as sent. A note
// written before words were kept still reads as its English.
import { describe, expect, it } from 'vitest';
import { worded } from '../../src/main/i18n/worded';
import { inEnglish, wordsIn } from '../../src/main/i18n/words';
import { messageText } from '../../src/renderer/src/lib/words-text';
import { historyNoteSchema } from '../../src/shared/history-values';
import english from '../../src/shared/i18n/catalogs/en.json';
import { decide, PAYIN_STATUSES } from '../../src/shared/payin-lifecycle';

const SOURCES = ['callback', 'answer', 'ask_again'] as const;
const WORDS = ['approved', 'declined', 'processing', 'action_required', 'no_order', 'unknown'] as const;

describe("a conflict's note", () => {
  it('names a key of the catalogue for every status, source and word, and no value is left unselected', async () => {
    const german = await wordsIn('de');
    let conflicts = 0;
    for (const current of PAYIN_STATUSES) {
      for (const source of SOURCES) {
        for (const word of WORDS) {
          for (const mismatch of [
            undefined,
            { field: 'orderId', theirs: 'O-2', ours: 'O-1' },
            { field: 'amount', theirs: '9.00', ours: '10.00' },
          ] as const) {
            const { conflict } = decide(current, { source, word, mismatch });
            if (!conflict) continue;
            conflicts++;
            expect(Object.keys(english)).toContain(conflict.key);
            const said = worded(conflict.key, conflict.values);
            // Every status, source and word has its own words: none falls to `other` and shows an id.
            for (const text of [said.message, german(conflict.key, conflict.values)]) {
              expect(text).not.toMatch(
                /\b(action_required|awaiting_confirmation|outcome_unknown|not_sent|ask_again|no_order)\b/,
              );
            }
            expect(inEnglish()(said.words.key as keyof typeof english, said.words.values)).toBe(said.message);
          }
        }
      }
    }
    expect(conflicts).toBeGreaterThan(50);
  });

  it('reads in German, with the gateway’s values as sent', async () => {
    const { conflict } = decide('approved', {
      source: 'callback',
      word: 'declined',
      mismatch: { field: 'amount', theirs: '9.00', ours: '10.00' },
    });
    const said = worded(conflict!.key, conflict!.values);
    expect(said.message).toBe(
      "Paydesk had this pay-in as approved; the gateway's signed notification now says declined for the amount 9.00, where this pay-in is for 10.00. Check the order with the gateway before doing anything: do not charge again and do not tell the customer it failed.",
    );
    expect(messageText(await wordsIn('de'), said)).toBe(
      'Paydesk hatte diese Zahlung als „genehmigt“ erfasst; die signierte Benachrichtigung des Gateways meldet jetzt: abgelehnt – für den Betrag 9.00, diese Zahlung lautet jedoch über 10.00. Prüfen Sie die Bestellung beim Gateway, bevor Sie etwas unternehmen: Belasten Sie nicht erneut und sagen Sie dem Kunden nicht, dass die Zahlung fehlgeschlagen ist.',
    );
  });

  it('reads a note kept before words were as its English', async () => {
    const old = historyNoteSchema.parse({
      kind: 'conflict',
      message: "Paydesk had this pay-in as approved; the gateway's answer now says no order exists.",
    });
    expect(messageText(await wordsIn('de'), old)).toBe(old.message);
  });
});
