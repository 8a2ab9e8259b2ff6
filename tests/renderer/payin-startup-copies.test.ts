// The pay-in page starts without zod and libphonenumber (their code loads once it is up), so it keeps two
// small copies of what those modules would give it at once: the sandbox's reading of the pay-in rules and
// the list of country codes. Each must stay equal to its source, and the calling code must still come.

import { FORM_DEFAULT_RULES, rulesOf } from '@renderer/features/payin/form';
import { callingCodesIfLoaded, loadCallingCodes } from '@renderer/lib/calling-codes';
import { COUNTRY_CODES as FORM_COUNTRY_CODES } from '@renderer/lib/countries';
import { COUNTRY_CODES, callingCodeOf } from '@shared/countries';
import { DEFAULT_PAYIN_RULES } from '@shared/gateway/payin';
import { describe, expect, it } from 'vitest';

describe('what the pay-in page has before its other code loads', () => {
  it('the rules without a profile are the shared default rules', () => {
    expect(FORM_DEFAULT_RULES).toEqual(DEFAULT_PAYIN_RULES);
    expect(rulesOf(undefined)).toEqual(DEFAULT_PAYIN_RULES);
  });

  it('the country list is the shared one', () => {
    expect(FORM_COUNTRY_CODES).toEqual(COUNTRY_CODES);
  });

  it('the calling codes load, and are the shared ones', async () => {
    const lookup = await loadCallingCodes();
    expect(callingCodesIfLoaded()).toBe(lookup);
    for (const code of ['DE', 'AT', 'US', 'JP', 'AQ']) expect(lookup(code)).toBe(callingCodeOf(code));
  });
});
