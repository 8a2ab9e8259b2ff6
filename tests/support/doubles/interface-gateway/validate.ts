// Field rules of the plain vendor, read from sections 2.1, 2.2, 2.4 and 8 of the interface. Where the
// interface shows only a type and a maximum length, the double checks that and a format a careful vendor
// would check; every choice beyond the document is marked "(double's choice)".
import { KYC_OPTIONAL_FIELDS, KYC_REQUIRED_FIELDS } from '../../interface-fields';
import type { JsonObject } from './types';

/** Codes of the double's own refusal families (the interface shows only 90751019). */
export const REFUSAL = {
  missing: 90752001,
  tooLong: 90752002,
  invalid: 90752003,
  badSign: 90753001,
  unknownMerchant: 90753002,
  duplicate: 90754001,
  badRequest: 90750400,
  notFound: 90750404,
  methodNotAllowed: 90750405,
  tooLarge: 90750413,
  unsupportedMediaType: 90750415,
  generic: 90751019,
  systemError: 90759999,
} as const;

export interface Refusal {
  code: number;
  field: string;
  msg: string;
}

interface FieldRule {
  max?: number;
  required?: boolean;
  /** Required unless a ccStorageID is sent (double's choice: the stored card replaces card details). */
  card?: boolean;
  format?: (value: string) => boolean;
}

const digits = (v: string): boolean => /^\d+$/.test(v);
const httpUrl = (v: string): boolean => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};
const ipv4 = (v: string): boolean =>
  /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(v);
const jsonArray = (v: string): boolean => {
  try {
    return Array.isArray(JSON.parse(v));
  } catch {
    return false;
  }
};

function luhn(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let n = number.charCodeAt(i) - 48;
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * Amount rounded to 2 places, "rounding to nearest" (ties up: the interface names no tie rule), or null
 * when the text is not a plain non-negative decimal.
 */
export function roundAmount(text: string): string | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const frac = (m[2] ?? '').padEnd(3, '0');
  let cents = BigInt(m[1]!) * 100n + BigInt(frac.slice(0, 2));
  if (frac.charCodeAt(2) - 48 >= 5) cents += 1n;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

const COMMON: Record<string, FieldRule> = {
  merchantTradeNo: { max: 64, required: true },
  userId: { max: 64, required: true },
  storeCc: { max: 2, format: (v) => v === '0' || v === '1' },
  ccStorageID: { max: 64 },
  firstName: { max: 20, required: true },
  lastName: { max: 30, required: true },
  mobile: { max: 64, required: true },
  addressLine: { max: 64, required: true },
  country: { max: 8, required: true },
  city: { max: 64, required: true },
  zip: { max: 16, required: true },
  cardNumber: { max: 64, card: true, format: (v) => /^\d{12,19}$/.test(v) },
  cvv: { max: 8, card: true, format: (v) => /^\d{3,4}$/.test(v) },
  expDate: { max: 16, card: true, format: (v) => /^(0[1-9]|1[0-2])\/\d{2}$/.test(v) },
  ip: { max: 64, required: true, format: ipv4 },
  document: { max: 64 },
  amount: { max: 32, required: true, format: (v) => (roundAmount(v) ?? '0.00') !== '0.00' },
  products: { max: 512, format: jsonArray },
  clientHTTPAccept: { max: 512 },
  clientHTTPUserAgent: { max: 512 },
  callBackURL: { max: 256, format: httpUrl },
  successURL: { max: 256, format: httpUrl },
  failURL: { max: 256, format: httpUrl },
  retURL: { max: 256, format: httpUrl },
  createTime: { max: 20, format: digits },
  txMode: { max: 16, format: (v) => v === 'h2h' || v === 'redirection' },
};

const V2_RULES: Record<string, FieldRule> = {
  ...COMMON,
  eci: { format: (v) => /^\d{2}$/.test(v) },
  cavv: {},
  dsTranId: {},
};

const V1_RULES: Record<string, FieldRule> = {
  ...COMMON,
  email: { max: 64, required: true, format: (v) => /^[^@\s]+@[^@\s]+$/.test(v) },
  iddCode: { max: 8, required: true, format: digits },
  currency: { max: 8, required: true },
  payChannel: { max: 16 },
  sign: { max: 128, required: true },
};

export const PAYIN_FIELDS = {
  v2: new Set(['merchantId', ...Object.keys(V2_RULES)]),
  v1: new Set(['merchantId', ...Object.keys(V1_RULES)]),
};

export const KYC_TOP_FIELDS = new Set(['merchantId', 'data', 'sign']);
export const KYC_RECORD_FIELDS = new Set<string>([...KYC_REQUIRED_FIELDS, ...KYC_OPTIONAL_FIELDS]);

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
const length = (v: string): number => [...v].length;

/** merchantId: an integer JSON number in v2 and KYC (int64 / "number (integer)"), digits in v1 forms. */
export function checkMerchant(
  kind: 'v1' | 'v2' | 'kyc',
  fields: JsonObject,
  merchantId: number,
): Refusal | null {
  const v = fields.merchantId;
  if (!present(v)) return { code: REFUSAL.missing, field: 'merchantId', msg: 'merchantId is required' };
  const ok =
    kind === 'v1' ? typeof v === 'string' && digits(v) : typeof v === 'number' && Number.isInteger(v);
  if (!ok) return { code: REFUSAL.invalid, field: 'merchantId', msg: 'merchantId is invalid' };
  if (Number(v) !== merchantId) {
    return { code: REFUSAL.unknownMerchant, field: 'merchantId', msg: 'merchantId is unknown' };
  }
  return null;
}

interface PayInCheckOptions {
  checkLuhn: boolean;
}

export function validatePayIn(
  version: 'v1' | 'v2',
  fields: JsonObject,
  options: PayInCheckOptions,
): Refusal | null {
  const rules = version === 'v2' ? V2_RULES : V1_RULES;
  const stored = present(fields.ccStorageID);
  for (const [name, rule] of Object.entries(rules)) {
    const value = fields[name];
    if (!present(value)) {
      if (rule.required || (rule.card && !stored)) {
        return { code: REFUSAL.missing, field: name, msg: `${name} is required` };
      }
      continue;
    }
    if (typeof value !== 'string') {
      return { code: REFUSAL.invalid, field: name, msg: `${name} must be a string` };
    }
    if (rule.max !== undefined && length(value) > rule.max) {
      return { code: REFUSAL.tooLong, field: name, msg: `${name} is longer than ${rule.max} characters` };
    }
    if (rule.format && !rule.format(value)) {
      return { code: REFUSAL.invalid, field: name, msg: `${name} is invalid` };
    }
    if (name === 'cardNumber' && options.checkLuhn && !luhn(value)) {
      return { code: REFUSAL.invalid, field: name, msg: 'cardNumber is invalid' };
    }
  }
  return null;
}

const isDate = (v: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};

const KYC_FORMATS: Record<string, (v: string) => boolean> = {
  birthday: isDate,
  certificateDateStart: isDate,
  certificateDateEnd: isDate,
  gender: (v) => /^[a-z]+$/.test(v),
  country: (v) => /^[A-Za-z]{2}$/.test(v),
  iddCode: digits,
  personalCode: digits,
  mobile: digits,
  email: (v) => /^[^@\s]+@[^@\s]+$/.test(v),
};

/** Required in every record (double's choice: the interface shows no mandatory flags). */
const KYC_REQUIRED = ['userId', 'firstName', 'lastName'];

export function validateKyc(fields: JsonObject): Refusal | null {
  const data = fields.data;
  if (!Array.isArray(data) || data.length === 0) {
    return { code: REFUSAL.missing, field: 'data', msg: 'data must be a non-empty array of records' };
  }
  for (let i = 0; i < data.length; i++) {
    const record: unknown = data[i];
    const at = `data[${i}]`;
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      return { code: REFUSAL.invalid, field: at, msg: `${at} must be an object` };
    }
    const r = record as JsonObject;
    for (const name of KYC_REQUIRED) {
      if (!present(r[name]))
        return { code: REFUSAL.missing, field: `${at}.${name}`, msg: `${at}.${name} is required` };
    }
    for (const name of KYC_RECORD_FIELDS) {
      const value = r[name];
      if (!present(value)) continue;
      if (name === 'idCardUrls' || name === 'documentUrls') {
        if (!Array.isArray(value) || !value.every((u) => typeof u === 'string')) {
          return {
            code: REFUSAL.invalid,
            field: `${at}.${name}`,
            msg: `${at}.${name} must be an array of strings`,
          };
        }
        continue;
      }
      if (typeof value !== 'string') {
        return { code: REFUSAL.invalid, field: `${at}.${name}`, msg: `${at}.${name} must be a string` };
      }
      const format = KYC_FORMATS[name];
      if (format && !format(value)) {
        return { code: REFUSAL.invalid, field: `${at}.${name}`, msg: `${at}.${name} is invalid` };
      }
    }
  }
  return null;
}
