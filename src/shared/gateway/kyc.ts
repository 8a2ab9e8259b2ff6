// KYC submission messages of sections 2.4–2.5. Lengths, mandatory flags and allowed values are not
// shown by the interface: the rules below are assumption A10 in docs/gateway-assumptions.md.
import { z } from 'zod';
import {
  countryCode,
  digits,
  email,
  httpUrl,
  isoDate,
  merchantIdNumber,
  optionalText,
  say,
  text,
} from './fields';

export const KYC_MAX_RECORDS_PER_REQUEST = 500;
const KYC_GENDERS = ['male', 'female', 'other'] as const;

const urlList = z.array(httpUrl(512), say('A list of web addresses.')).max(10, 'At most 10 URLs.');

export const kycRecordSchema = z
  .strictObject({
    userId: text(64),
    firstName: text(20),
    lastName: text(30),
    middleName: optionalText(30),
    birthday: isoDate,
    gender: z.enum(KYC_GENDERS, say('One of: male, female, other (lower case).')),
    country: countryCode,
    iddCode: digits(4),
    personalCode: digits(32),
    certificateDateStart: isoDate,
    certificateDateEnd: isoDate,
    email,
    mobile: digits(20),
    idCardUrls: urlList.min(1, 'At least one ID card image URL.'),
    documentUrls: urlList.optional(),
  })
  .superRefine((record, ctx) => {
    // ISO dates compare correctly as text; a malformed date already has its own message.
    const isDate = (value: string) => isoDate.safeParse(value).success;
    if (!isDate(record.certificateDateStart)) return;
    if (isDate(record.certificateDateEnd) && record.certificateDateEnd < record.certificateDateStart) {
      ctx.addIssue({
        code: 'custom',
        path: ['certificateDateEnd'],
        message: 'The document expires before it was issued.',
      });
    }
    if (isDate(record.birthday) && record.birthday > record.certificateDateStart) {
      ctx.addIssue({ code: 'custom', path: ['birthday'], message: 'Born after the document was issued.' });
    }
  })
  .describe('One KYC identity record.');

export const kycSubmitRequestSchema = z
  .strictObject({
    merchantId: merchantIdNumber,
    data: z
      .array(kycRecordSchema, say('A list of KYC records.'))
      .min(1, 'At least one record.')
      .max(KYC_MAX_RECORDS_PER_REQUEST, `At most ${KYC_MAX_RECORDS_PER_REQUEST} records per request.`),
    sign: text(128),
  })
  .describe('KYC submission request (JSON body, signed).');

export const kycResponseSchema = z
  .looseObject({
    code: z.int(),
    msg: z.string(),
    data: z.looseObject({ count: z.int().nonnegative() }).nullable(),
    traceid: z.string(),
  })
  .describe('KYC submission response.');

export type KycRecord = z.infer<typeof kycRecordSchema>;
export const KYC_FIELDS = Object.keys(kycRecordSchema.shape) as (keyof KycRecord)[];
