// What the renderer sends for a pay-in: the wire fields minus what main supplies (merchantId from the
// profile, sign, and a generated merchantTradeNo when the operator left it empty).
import { z } from 'zod';
import { text } from './gateway/fields';
import { payInV1Fields, payInV2Fields, requireCardOrStoredCard } from './gateway/payin';

const operatorFields = { merchantTradeNo: text(64).optional() };

export const payInV2FormSchema = payInV2Fields
  .omit({ merchantId: true, merchantTradeNo: true })
  .extend(operatorFields)
  .superRefine(requireCardOrStoredCard);
export const payInV1FormSchema = payInV1Fields
  .omit({ merchantId: true, merchantTradeNo: true, sign: true })
  .extend(operatorFields)
  .superRefine(requireCardOrStoredCard);

export const payInSubmitSchema = z.discriminatedUnion('version', [
  z.strictObject({
    version: z.literal('v2'),
    fields: payInV2FormSchema,
    confirmDuplicate: z.boolean().default(false),
  }),
  z.strictObject({
    version: z.literal('v1'),
    fields: payInV1FormSchema,
    confirmDuplicate: z.boolean().default(false),
  }),
]);
export type PayInSubmit = z.input<typeof payInSubmitSchema>;
export type PayInV2Form = z.infer<typeof payInV2FormSchema>;
export type PayInV1Form = z.infer<typeof payInV1FormSchema>;
