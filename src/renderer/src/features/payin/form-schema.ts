// The pay-in form as a zod schema: form values → contract fields → the shared schema of the chosen
// version, under a profile's rules (A8, A14). In a chunk of its own (form.ts loads it): zod and the shared
// schemas are 90 kB of minified JavaScript that the form needs only when it is first sent, not to show.
// Each issue is said in the agent's language (shared/payin-issue-words.ts): the schema's own messages are
// the English main and the logs keep.

import { toNestErrors } from '@hookform/resolvers';
import { translate } from '@renderer/i18n/i18n';
import type { PayInRules } from '@shared/gateway/payin';
import { type PayInSubmit, payInV1FormSchemaFor, payInV2FormSchemaFor } from '@shared/payin-input';
import { payInIssueWords } from '@shared/payin-issue-words';
import type { FieldError, Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { AmountContext } from './amount-entry';
import { type PayInFormValues, type PayInVersion, toFields } from './form';

/** The form's resolver: its values in, the IPC input out; the context says how the amount is read. */
export type PayInResolver = Resolver<PayInFormValues, AmountContext, PayInSubmit>;

const valuesOf = (rules: PayInRules) =>
  z.custom<PayInFormValues>().transform((values) => toFields(values, rules));

/** Each field's first issue, in the active language: a field's words follow what was sent of it. */
function wordedResolver(schema: z.ZodType<PayInSubmit, PayInFormValues>, rules: PayInRules): PayInResolver {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const sent: Record<string, unknown> = toFields(values, rules);
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (errors[field]) continue;
      const words = payInIssueWords(issue, field, sent[field]);
      errors[field] = { type: issue.code, message: translate(words.key, words.values) };
    }
    return { values: {}, errors: toNestErrors<PayInFormValues>(errors, options) };
  };
}

/**
 * The schema's resolvers for both versions under `rules`.
 * @public form-resolver.ts reads it off the chunk's dynamic import, which knip does not follow.
 */
export function schemaResolversFor(rules: PayInRules): Record<PayInVersion, PayInResolver> {
  return {
    v1: wordedResolver(
      valuesOf(rules)
        .pipe(payInV1FormSchemaFor(rules))
        .transform((fields): PayInSubmit => ({ version: 'v1', fields, confirmDuplicate: false })),
      rules,
    ),
    v2: wordedResolver(
      valuesOf(rules)
        .pipe(payInV2FormSchemaFor(rules))
        .transform((fields): PayInSubmit => ({ version: 'v2', fields, confirmDuplicate: false })),
      rules,
    ),
  };
}
