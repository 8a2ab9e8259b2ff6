// Pay-in messages of sections 2.1–2.3: v2 (JSON), v1 (form) and the response both share.
import { z } from 'zod';
import {
  amount,
  countryCode,
  digits,
  email,
  expDate,
  httpUrl,
  ipv4,
  merchantIdDigits,
  merchantIdNumber,
  optionalText,
  productsJson,
  storeCc,
  text,
  txMode,
} from './fields';

/** The fields v1 and v2 share, with the same name, type and meaning (section 2.2). */
const sharedPayInFields = {
  merchantTradeNo: text(64),
  userId: text(64),
  storeCc: storeCc.optional(),
  ccStorageID: optionalText(64),
  firstName: text(20),
  lastName: text(30),
  mobile: digits(64),
  addressLine: text(64),
  country: countryCode,
  city: text(64),
  zip: text(16),
  cardNumber: digits(64).optional(),
  cvv: digits(8).optional(),
  expDate: expDate.optional(),
  ip: ipv4,
  document: optionalText(64),
  amount,
  products: productsJson.optional(),
  clientHTTPAccept: optionalText(512),
  clientHTTPUserAgent: optionalText(512),
  callBackURL: httpUrl(256).optional(),
  successURL: httpUrl(256).optional(),
  failURL: httpUrl(256).optional(),
  retURL: httpUrl(256).optional(),
  createTime: digits(20).optional(),
  txMode: txMode.optional(),
};

const CARD_FIELDS = ['cardNumber', 'cvv', 'expDate'] as const;

/**
 * The card fields are required (section 2.1) except that a stored card's `ccStorageID` stands in for
 * all three (assumption A8); sending both is refused so that it is never unclear which card is charged.
 */
export function requireCardOrStoredCard(
  request: { ccStorageID?: string | undefined } & Partial<Record<(typeof CARD_FIELDS)[number], string>>,
  ctx: z.RefinementCtx,
): void {
  if (request.ccStorageID) {
    for (const field of CARD_FIELDS) {
      if (request[field] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'Leave out the card details when paying with ccStorageID.',
        });
      }
    }
    return;
  }
  for (const field of CARD_FIELDS) {
    if (request[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'Required.' });
  }
}

/** The v2 fields before the card rule: what forms derive from (refined objects cannot be picked). */
export const payInV2Fields = z.strictObject({
  merchantId: merchantIdNumber,
  ...sharedPayInFields,
  eci: text(2)
    .regex(/^\d{2}$/, 'A two-digit code such as 05.')
    .optional(),
  cavv: optionalText(64),
  dsTranId: optionalText(64),
});

/** The v1 fields before the card rule (section 2.2). */
export const payInV1Fields = z.strictObject({
  merchantId: merchantIdDigits,
  ...sharedPayInFields,
  email,
  iddCode: digits(8),
  currency: text(8).regex(/^[A-Z]{3}$/, 'A three-letter ISO 4217 currency code such as EUR.'),
  payChannel: optionalText(16),
  sign: text(128),
});

export const payInV2RequestSchema = payInV2Fields
  .superRefine(requireCardOrStoredCard)
  .describe('Pay-in request, version 2 (JSON body).');

export const payInV1RequestSchema = payInV1Fields
  .superRefine(requireCardOrStoredCard)
  .describe('Pay-in request, version 1 (form body, signed).');

export const payInResponseDataSchema = z.looseObject({
  orderId: z.string().optional(),
  orderStatus: z.int().optional(),
  status: z.string().optional(),
  pageData: z.string().optional(),
  htmlSource: z.string().optional(),
  redirectURL: z.string().optional(),
  ccStorageID: z.string().optional(),
  remark: z.string().optional(),
});

/** Parsed leniently: unknown fields are kept; the fields Paydesk acts on are checked. */
export const payInResponseSchema = z
  .looseObject({
    code: z.int().optional(),
    msg: z.string(),
    traceid: z.string(),
    data: payInResponseDataSchema.nullable().optional(),
  })
  .describe('Pay-in response (both versions).');

export type PayInV2Request = z.infer<typeof payInV2RequestSchema>;
export type PayInV1Request = z.infer<typeof payInV1RequestSchema>;
export type PayInResponse = z.infer<typeof payInResponseSchema>;
export type PayInResponseData = z.infer<typeof payInResponseDataSchema>;
