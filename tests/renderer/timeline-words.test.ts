// The audit trail's event names in the drawer's words. Asking the gateway again was audited as
// `payin.replay` before it was named `payin.ask_again`; audit entries are never rewritten (the chain hashes
// their text), so a file written before the rename still says the same thing to the agent.

import { batchCountWords, eventWords, statusChangeWords } from '@renderer/features/history/timeline-words';
import { describe, expect, it } from 'vitest';
import { english as t } from './support/english';

describe('the words for an audit event', () => {
  it('asking again reads the same under its name and under the name older files hold', () => {
    expect(eventWords(t, 'payin.ask_again')).toBe('Asked the gateway again (same order number)');
    expect(eventWords(t, 'payin.replay')).toBe(eventWords(t, 'payin.ask_again'));
  });

  it('an event it has no words for shows as its name', () => {
    expect(eventWords(t, 'payin.something_new')).toBe('payin.something_new');
  });
});

describe('a KYC batch in words (issue 35: "0 valid, 0 invalid; 2000 accepted" over "Pending (no change)")', () => {
  it('a save between chunks says how far the sending has come, and that it is still sending', () => {
    const detail = { from: 'pending', to: 'pending', counts: { accepted: 1000, rejected: 0 }, chunks: 2 };
    expect(eventWords(t, 'kyc_batch.updated', detail)).toBe(
      `2 chunks answered so far: ${(1000).toLocaleString()} accepted, 0 rejected`,
    );
    expect(statusChangeWords(t, detail, 'kyc_batch.updated')).toBe('Still sending');
    expect(statusChangeWords(t, { ...detail, to: 'completed' }, 'kyc_batch.updated')).toBe(
      'Pending → Completed',
    );
    // A pay-in asked again with no change still says so.
    expect(statusChangeWords(t, { from: 'approved', to: 'approved' }, 'payin.ask_again')).toBe(
      'Approved (no change)',
    );
  });

  it('a finished batch counts what became of its records', () => {
    const all = { total: 2000, valid: 0, invalid: 0, accepted: 2000, rejected: 0 };
    expect(batchCountWords(t, all)).toBe(
      `${(2000).toLocaleString()} in file: ${(2000).toLocaleString()} accepted`,
    );
    expect(batchCountWords(t, { total: 10, valid: 2, invalid: 3, accepted: 4, rejected: 1 })).toBe(
      '10 in file: 4 accepted, 1 rejected, 3 invalid (not sent), 2 valid (not sent)',
    );
  });
});
