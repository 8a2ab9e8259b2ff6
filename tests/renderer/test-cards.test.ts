// The sandbox's test cards and fault amounts in words (issue 33): in English each card says what it said
// before the catalogues; in another language the card numbers, the 3-D Secure code and the gateway's own
// decline remark stay as they are, and every card and fault has words of its own.
import { FAULT_AMOUNT_ROWS, faultWords, TEST_CARD_ROWS, testCardOutcome } from '@renderer/lib/test-cards';
import { describe, expect, it } from 'vitest';
import { english } from './support/english';
import { translatorFor } from './support/language';

const card = (number: string) => TEST_CARD_ROWS.find((row) => row.number === number)!;

describe('the test cards in words', () => {
  it('say in English what the sandbox does with each card', () => {
    expect(TEST_CARD_ROWS.map((row) => [row.number, testCardOutcome(english, row)])).toEqual([
      ['4242424242424242', 'Approved, no 3-D Secure'],
      ['5555555555554444', 'Approved, no 3-D Secure'],
      ['378282246310005', 'Approved, no 3-D Secure (4-digit CVV)'],
      ['4000000000000002', 'Declined: "Card declined"'],
      ['4000000000009995', 'Declined: "Insufficient funds"'],
      ['4000000000000069', 'Declined: "Expired card"'],
      ['4000000000000127', 'Declined: "Incorrect CVV"'],
      ['4000000000003220', '3-D Secure challenge: code 1234 approves, any other code declines'],
      ['4000000000003063', '3-D Secure challenge that always fails: declined'],
    ]);
  });

  it.each(['de', 'es', 'pt-BR'] as const)(
    'keep the gateway’s remark and the code as they are in %s',
    (language) => {
      const t = translatorFor(language);
      expect(testCardOutcome(t, card('4000000000009995'))).toContain('Insufficient funds');
      expect(testCardOutcome(t, card('4000000000003220'))).toContain('1234');
      // Words of its own for every card and fault, none the English ones.
      for (const row of TEST_CARD_ROWS) {
        expect(testCardOutcome(t, row)).not.toBe(testCardOutcome(english, row));
      }
      for (const row of FAULT_AMOUNT_ROWS) expect(faultWords(t, row)).not.toBe(faultWords(english, row));
    },
  );

  it('say in German what each fault amount does', () => {
    const german = translatorFor('de');
    expect(FAULT_AMOUNT_ROWS.map((row) => [row.amount, faultWords(german, row)])).toEqual([
      [
        '500.01',
        'HTTP 500 mit einem JSON-Fehlertext; es wird keine Bestellung angelegt, daher schlägt auch erneutes Nachfragen fehl',
      ],
      ['500.02', 'Die Bestellung wird sofort verarbeitet, die Antwort kommt aber erst nach 35 s'],
      [
        '500.03',
        'Die Bestellung wird verarbeitet, die Antwort ist aber HTTP 200 mit einem Inhalt, der kein JSON ist',
      ],
      ['500.04', 'Die Bestellung wird verarbeitet, die Verbindung wird aber ohne Antwort geschlossen'],
    ]);
  });
});
