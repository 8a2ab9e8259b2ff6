// The sandbox's demo scenarios in words (issue 33): in English as before the catalogues, and in German with
// the gateway's own decline remark, the 3-D Secure code and the fault amount kept as they are.
import { scenarioLabel, scenarioSelectData, TEST_SCENARIOS } from '@renderer/features/payin/test-scenarios';
import { describe, expect, it } from 'vitest';
import { english } from './support/english';
import { translatorFor } from './support/language';

const named = (id: string) => TEST_SCENARIOS.find((scenario) => scenario.id === id)!;

describe('the test scenarios in words', () => {
  it('read in English as they did before the catalogues', () => {
    expect(scenarioSelectData(english)).toEqual([
      {
        group: 'Approved',
        items: [
          { value: 'approve', label: 'Approve (Visa)' },
          { value: 'approve-mc', label: 'Approve (Mastercard)' },
          { value: 'approve-amex', label: 'Approve (Amex, 4-digit CID)' },
        ],
      },
      {
        group: 'Declined',
        items: [
          { value: 'decline-generic', label: 'Decline: Card declined' },
          { value: 'decline-funds', label: 'Decline: Insufficient funds' },
          { value: 'decline-expired', label: 'Decline: Expired card' },
          { value: 'decline-cvv', label: 'Decline: Incorrect CVV' },
        ],
      },
      {
        group: '3-D Secure',
        items: [
          { value: '3ds-pass', label: '3DS challenge (code 1234 passes)' },
          { value: '3ds-fail', label: '3DS challenge that always fails' },
        ],
      },
      { group: 'Hosted page', items: [{ value: 'redirection', label: 'Redirection mode (hosted page)' }] },
      {
        group: 'Faults',
        items: [
          { value: 'fault-500', label: 'Fault: HTTP 500 (500.01)' },
          { value: 'fault-timeout', label: 'Fault: answer after 35 s, timeout (500.02)' },
          { value: 'fault-not-json', label: 'Fault: answer not JSON (500.03)' },
          { value: 'fault-drop', label: 'Fault: connection closed (500.04)' },
        ],
      },
    ]);
  });

  it('keep the gateway’s remark, the 3-D Secure code and the fault amount as they are in German', () => {
    const german = translatorFor('de');
    expect(scenarioLabel(german, named('decline-funds'))).toBe('Ablehnung: „Insufficient funds“');
    expect(scenarioLabel(german, named('3ds-pass'))).toBe('3DS-Challenge (Code 1234 besteht)');
    expect(scenarioLabel(german, named('fault-timeout'))).toBe(
      'Störung: Antwort nach 35 s, Zeitüberschreitung (500.02)',
    );
    expect(scenarioSelectData(german).map(({ group }) => group)).toEqual([
      'Genehmigt',
      'Abgelehnt',
      '3-D Secure',
      'Gehostete Zahlungsseite',
      'Störungen',
    ]);
  });
});
