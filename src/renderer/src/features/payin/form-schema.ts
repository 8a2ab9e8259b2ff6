// The pay-in form as a zod schema: form values → contract fields → the shared schema of the chosen
// version, under a profile's rules (A8, A14). In a chunk of its own (form.ts loads it): zod and the shared
// schemas are 90 kB of minified JavaScript that the form needs only when it is first sent, not to show.

import { schemaResolver } from '@renderer/lib/zod-resolver';
import type { PayInRules } from '@shared/gateway/payin';
import { type PayInSubmit, payInV1FormSchemaFor, payInV2FormSchemaFor } from '@shared/payin-form';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { type PayInFormValues, type PayInVersion, toFields } from './form';

type PayInResolver = Resolver<PayInFormValues, unknown, PayInSubmit>;

const formSchemaOf = (version: PayInVersion, rules: PayInRules) =>
  z
    .custom<PayInFormValues>()
    .transform((values) => toFields(values, rules))
    .pipe(version === 'v1' ? payInV1FormSchemaFor(rules) : payInV2FormSchemaFor(rules))
    .transform((fields) => ({ version, fields, confirmDuplicate: false }) as PayInSubmit);

/** The schema's resolvers for both versions under `rules`. */
export function schemaResolversFor(rules: PayInRules): Record<PayInVersion, PayInResolver> {
  return {
    v1: schemaResolver(formSchemaOf('v1', rules)),
    v2: schemaResolver(formSchemaOf('v2', rules)),
  };
}
