// The pay-in form as a zod schema: form values → contract fields → the shared schema of the chosen
// version, under a profile's rules (A8, A14). In a chunk of its own (form.ts loads it): zod and the shared
// schemas are 90 kB of minified JavaScript that the form needs only when it is first sent, not to show.

import { schemaResolver } from '@renderer/lib/zod-resolver';
import type { PayInRules } from '@shared/gateway/payin';
import { type PayInSubmit, payInV1FormSchemaFor, payInV2FormSchemaFor } from '@shared/payin-input';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { AmountContext } from './amount-entry';
import { type PayInFormValues, type PayInVersion, toFields } from './form';

/** The form's resolver: its values in, the IPC input out; the context says how the amount is read. */
export type PayInResolver = Resolver<PayInFormValues, AmountContext, PayInSubmit>;

const valuesOf = (rules: PayInRules) =>
  z.custom<PayInFormValues>().transform((values) => toFields(values, rules));

/**
 * The schema's resolvers for both versions under `rules`.
 * @public form-resolver.ts reads it off the chunk's dynamic import, which knip does not follow.
 */
export function schemaResolversFor(rules: PayInRules): Record<PayInVersion, PayInResolver> {
  return {
    v1: schemaResolver(
      valuesOf(rules)
        .pipe(payInV1FormSchemaFor(rules))
        .transform((fields): PayInSubmit => ({ version: 'v1', fields, confirmDuplicate: false })),
    ),
    v2: schemaResolver(
      valuesOf(rules)
        .pipe(payInV2FormSchemaFor(rules))
        .transform((fields): PayInSubmit => ({ version: 'v2', fields, confirmDuplicate: false })),
    ),
  };
}
