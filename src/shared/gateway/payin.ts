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

/**
 * How a gateway reads the two fields where Paydesk narrows the interface (docs/gateway-assumptions.md):
 * `country` (A14: ISO 3166-1 alpha-2, or any text of the string(8) section 2.1 gives) and the card details
 * beside a stored card (A8: refused, or allowed as section 2.1 marks them required). A profile chooses;
 * the defaults are the sandbox's own reading, which it always applies.
 */
export const payInRulesSchema = z.strictObject({
  country: z.enum(['iso-alpha2', 'text']).default('iso-alpha2'),
  storedCard: z.enum(['token-alone', 'token-with-card']).default('token-alone'),
});
export type PayInRules = z.infer<typeof payInRulesSchema>;

/** The sandbox's reading (A8, A14): what a profile gets unless it says otherwise. */
export const DEFAULT_PAYIN_RULES: Readonly<PayInRules> = Object.freeze(payInRulesSchema.parse({}));
/** The loosest reading a profile can choose: what main accepts from the renderer before a profile's rules decide. */
export const LOOSEST_PAYIN_RULES: Readonly<PayInRules> = Object.freeze({
  country: 'text',
  storedCard: 'token-with-card',
});

/** The fields v1 and v2 share, with the same name, type and meaning (section 2.2). */
const sharedPayInFields = (rules: PayInRules) => ({
  merchantTradeNo: text(64),
  userId: text(64),
  storeCc: storeCc.optional(),
  ccStorageID: optionalText(64),
  firstName: text(20),
  lastName: text(30),
  mobile: digits(64),
  addressLine: text(64),
  country: rules.country === 'iso-alpha2' ? countryCode : text(8),
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
});

const CARD_FIELDS = ['cardNumber', 'cvv', 'expDate'] as const;
type CardOrStoredCard = { ccStorageID?: string | undefined } & Partial<
  Record<(typeof CARD_FIELDS)[number], string>
>;

/**
 * The card fields are required (section 2.1) except that a stored card's `ccStorageID` stands in for
 * all three (assumption A8). By default sending both is refused, so that it is never unclear which card
 * is charged; a profile whose gateway wants card details beside the token allows them (each still
 * checked as a card field).
 */
export function cardRuleOf(rules: PayInRules) {
  return (request: CardOrStoredCard, ctx: z.RefinementCtx): void => {
    if (request.ccStorageID) {
      if (rules.storedCard === 'token-with-card') return;
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
  };
}

/** The v2 fields before the card rule: what forms derive from (refined objects cannot be picked). */
export function payInV2FieldsFor(rules: PayInRules = DEFAULT_PAYIN_RULES) {
  return z.strictObject({
    merchantId: merchantIdNumber,
    ...sharedPayInFields(rules),
    eci: text(2)
      .regex(/^\d{2}$/, 'A two-digit code such as 05.')
      .optional(),
    cavv: optionalText(64),
    dsTranId: optionalText(64),
  });
}

/** The v1 fields before the card rule (section 2.2). */
export function payInV1FieldsFor(rules: PayInRules = DEFAULT_PAYIN_RULES) {
  return z.strictObject({
    merchantId: merchantIdDigits,
    ...sharedPayInFields(rules),
    email,
    iddCode: digits(8),
    currency: text(8).regex(/^[A-Z]{3}$/, 'A three-letter ISO 4217 currency code such as EUR.'),
    payChannel: optionalText(16),
    sign: text(128),
  });
}

/** The v2 request under a profile's rules: the one definition, of which payInV2RequestSchema is the default. */
function payInV2RequestSchemaFor(rules: PayInRules = DEFAULT_PAYIN_RULES) {
  return payInV2FieldsFor(rules)
    .superRefine(cardRuleOf(rules))
    .describe('Pay-in request, version 2 (JSON body).');
}

/** The v1 request under a profile's rules; payInV1RequestSchema is the default. */
function payInV1RequestSchemaFor(rules: PayInRules = DEFAULT_PAYIN_RULES) {
  return payInV1FieldsFor(rules)
    .superRefine(cardRuleOf(rules))
    .describe('Pay-in request, version 1 (form body, signed).');
}

export const payInV2RequestSchema = payInV2RequestSchemaFor();
export const payInV1RequestSchema = payInV1RequestSchemaFor();

type PayInRequestSchema =
  | ReturnType<typeof payInV2RequestSchemaFor>
  | ReturnType<typeof payInV1RequestSchemaFor>;
const keyOf = (version: 'v1' | 'v2', rules: PayInRules) => `${version} ${rules.country} ${rules.storedCard}`;
const builtRequestSchemas = new Map<string, PayInRequestSchema>([
  [keyOf('v2', DEFAULT_PAYIN_RULES), payInV2RequestSchema],
  [keyOf('v1', DEFAULT_PAYIN_RULES), payInV1RequestSchema],
]);

/**
 * The request schema of a version under a profile's rules, built once per combination; under the
 * default rules it is payInV2RequestSchema or payInV1RequestSchema itself.
 */
export function payInRequestSchema(
  version: 'v1' | 'v2',
  rules: PayInRules = DEFAULT_PAYIN_RULES,
): PayInRequestSchema {
  const key = keyOf(version, rules);
  let schema = builtRequestSchemas.get(key);
  if (!schema) {
    schema = version === 'v2' ? payInV2RequestSchemaFor(rules) : payInV1RequestSchemaFor(rules);
    builtRequestSchemas.set(key, schema);
  }
  return schema;
}

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
export type PayInResponseData = z.infer<typeof payInResponseDataSchema>;
