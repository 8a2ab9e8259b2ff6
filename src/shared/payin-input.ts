// The pay-in's IPC input (payin.submit), what the renderer sends for a pay-in: the wire fields minus what
// main supplies (merchantId from the profile, sign, and a generated merchantTradeNo when the operator left
// it empty), the amount read as the desk reads an operator's figure (never rounded). The renderer's form
// checks them under the active profile's rules (A8, A14); the IPC channel accepts the loosest reading any
// profile may choose, and main checks the request again under the profile's own rules before it is sent.
import { z } from 'zod';
import { operatorAmount, text } from './gateway/fields';
import {
  cardRuleOf,
  DEFAULT_PAYIN_RULES,
  LOOSEST_PAYIN_RULES,
  type PayInRules,
  payInV1FieldsFor,
  payInV2FieldsFor,
} from './gateway/payin';

const operatorFields = { merchantTradeNo: text(64).optional(), amount: operatorAmount };

/** The v2 form's fields under a profile's rules. */
export function payInV2FormSchemaFor(rules: PayInRules = DEFAULT_PAYIN_RULES) {
  return payInV2FieldsFor(rules)
    .omit({ merchantId: true, merchantTradeNo: true })
    .extend(operatorFields)
    .superRefine(cardRuleOf(rules));
}

/** The v1 form's fields under a profile's rules. */
export function payInV1FormSchemaFor(rules: PayInRules = DEFAULT_PAYIN_RULES) {
  return payInV1FieldsFor(rules)
    .omit({ merchantId: true, merchantTradeNo: true, sign: true })
    .extend(operatorFields)
    .superRefine(cardRuleOf(rules));
}

export const payInSubmitSchema = z.discriminatedUnion('version', [
  z.strictObject({
    version: z.literal('v2'),
    fields: payInV2FormSchemaFor(LOOSEST_PAYIN_RULES),
    confirmDuplicate: z.boolean().default(false),
  }),
  z.strictObject({
    version: z.literal('v1'),
    fields: payInV1FormSchemaFor(LOOSEST_PAYIN_RULES),
    confirmDuplicate: z.boolean().default(false),
  }),
]);
/** What the renderer sends. */
export type PayInSubmit = z.input<typeof payInSubmitSchema>;
/** The same, as main's parse of the IPC input gives it: its amount a CanonicalAmount, read once. */
export type PayInSubmitted = z.output<typeof payInSubmitSchema>;

export { CUSTOMER_FIELDS, type CustomerDetails } from './customer-fields';
