// The audit trail's event names in the drawer's words. Asking the gateway again was audited as
// `payin.replay` before it was named `payin.ask_again`; audit entries are never rewritten (the chain hashes
// their text), so a file written before the rename still says the same thing to the agent.

import { eventWords } from '@renderer/features/history/timeline-words';
import { describe, expect, it } from 'vitest';

describe('the words for an audit event', () => {
  it('asking again reads the same under its name and under the name older files hold', () => {
    expect(eventWords('payin.ask_again')).toBe('Asked the gateway again (same order number)');
    expect(eventWords('payin.replay')).toBe(eventWords('payin.ask_again'));
  });

  it('an event it has no words for shows as its name', () => {
    expect(eventWords('payin.something_new')).toBe('payin.something_new');
  });
});
