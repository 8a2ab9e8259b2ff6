// The pay-in form fills clientHTTPAccept and clientHTTPUserAgent from Paydesk's own browser (A28), and
// sends what the agent typed instead when they changed them.

import { defaultValues, toFields } from '@renderer/features/payin/form';
import { DOCUMENT_NAVIGATION_ACCEPT } from '@shared/bank-page-browser';
import { describe, expect, it } from 'vitest';

const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Paydesk/0.1.0 Chrome/156.0.0.0';

describe('the browser fields of a new pay-in (A28)', () => {
  it("are Paydesk's own: the document Accept header and the window's user agent", () => {
    const values = defaultValues(undefined, 'v2', UA);
    expect(values.clientHTTPAccept).toBe(DOCUMENT_NAVIGATION_ACCEPT);
    expect(values.clientHTTPUserAgent).toBe(UA);
    expect(toFields(values)).toMatchObject({
      clientHTTPAccept: DOCUMENT_NAVIGATION_ACCEPT,
      clientHTTPUserAgent: UA,
    });
  });

  it('are sent as the agent typed them, and left out when emptied', () => {
    const values = {
      ...defaultValues(undefined, 'v1', UA),
      clientHTTPUserAgent: 'Agent typed',
      clientHTTPAccept: '',
    };
    const fields = toFields(values);
    expect(fields.clientHTTPUserAgent).toBe('Agent typed');
    expect(fields).not.toHaveProperty('clientHTTPAccept');
  });

  it('never exceed the interface’s 512 characters', () => {
    expect(defaultValues(undefined, 'v2', 'x'.repeat(600)).clientHTTPUserAgent).toHaveLength(512);
  });
});
