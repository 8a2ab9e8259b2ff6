// The pay-in form's resolver: the shared zod schema of the chosen version under the profile's rules, from
// form-schema.ts, a chunk loaded on first need (or earlier, when the page is idle), plus the shared card
// checks in words support staff read out to a customer (form.ts cardErrors), and the amount read in the
// agent's language (amount-entry.ts): the schema, and so main, get its canonical decimal text.

import type { PayInRules } from '@shared/gateway/payin';
import type { FieldErrors } from 'react-hook-form';
import { type AmountContext, amountRefusalText, readTypedAmount } from './amount-entry';
import { CARD_FIELDS, cardErrors, type PayInFormValues, type PayInVersion } from './form';
import type { PayInResolver } from './form-schema';

/** A resolver called without the form's context (a test's): the source language and the sandbox's currency. */
const ENGLISH_EUR: AmountContext = { locale: 'en', currency: 'EUR' };

const resolvers = new Map<string, PayInResolver>();

let schemaModule: Promise<typeof import('./form-schema')> | undefined;

/** The schema's chunk, fetched once; the pay-in page asks for it once it is idle, the first send at the latest. */
export function loadFormSchema(): Promise<typeof import('./form-schema')> {
  schemaModule ??= import('./form-schema').catch((error: unknown) => {
    schemaModule = undefined;
    throw error;
  });
  return schemaModule;
}

/** The form's resolver under a profile's rules (A8, A14), built once per combination. */
export function payInResolverFor(rules: PayInRules): PayInResolver {
  const key = `${rules.country} ${rules.storedCard}`;
  const built = resolvers.get(key);
  if (built) return built;
  let byVersion: Record<PayInVersion, PayInResolver> | undefined;
  const resolver: PayInResolver = async (values, context, options) => {
    byVersion ??= (await loadFormSchema()).schemaResolversFor(rules);
    const amount = readTypedAmount(values.amount, context ?? ENGLISH_EUR);
    const read = amount?.ok ? { ...values, amount: amount.value } : values;
    const result = await byVersion[values.version](read, context, options);
    const errors: FieldErrors<PayInFormValues> = { ...result.errors };
    // The agent's own words for an amount the language's reading refuses (an empty one included).
    const refusal = amount ? (amount.ok ? undefined : amount.refusal) : { reason: 'empty' as const };
    if (refusal) errors.amount = { type: 'amount', message: amountRefusalText(refusal) };
    const card = cardErrors(values, new Date(), rules);
    for (const name of CARD_FIELDS) {
      const message = card[name];
      if (message) errors[name] = { type: 'card', message };
    }
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors };
  };
  resolvers.set(key, resolver);
  return resolver;
}
