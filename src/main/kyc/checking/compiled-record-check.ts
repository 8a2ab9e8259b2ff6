// A fast "zod would accept this record" for the common, valid record (row-checker.ts asks it first).
// Running 100,000 records through the full zod parser (payload and issue objects, a URL object per link)
// took most of an open, so the one schema, kycRecordSchema, is compiled once into plain rules: lengths,
// patterns, enum values and refinements are read from the schema's own definition, so a change to the
// schema changes this check too. The predicate answers true only when it is sure; anything else goes
// through zod itself, which also writes the messages. tests/integration/kyc-record-check.test.ts holds the
// two to the same answers.

import { KYC_FIELDS, kycRecordSchema } from '@shared/gateway/kyc';
import type { KycField } from '@shared/kyc-batch';
import { z } from 'zod';
import { FIELD_SLOT, type NormalizedRecord, type NormalizedValues } from './normalize';

/** The parts of zod's internal definitions (`schema._zod.def`) this compiler reads. */
interface Definition {
  type?: string;
  check?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  pattern?: RegExp;
  fn?: (value: unknown) => unknown;
  protocol?: RegExp;
  hostname?: RegExp;
  normalize?: boolean;
  checks?: readonly Inspectable[];
  innerType?: Inspectable;
  element?: Inspectable;
  entries?: Readonly<Record<string, unknown>>;
  shape?: Readonly<Record<string, Inspectable>>;
}
interface Inspectable {
  _zod: { def: Definition };
}

const defOf = (schema: unknown): Definition => (schema as Inspectable)._zod.def;

// The compiled form is data read by one function (`passes`), not a closure per check: a call site that
// sees dozens of different closures cannot be optimized, and this runs 1.5 million times per file.
const MIN_LENGTH = 0;
const MAX_LENGTH = 1;
const EXACT_LENGTH = 2;
const PATTERN = 3;
const HTTP_URL_FORMAT = 4;
const REFINE = 5;

interface TextRule {
  kind: number;
  n: number;
  pattern: RegExp | null;
  fn: ((value: unknown) => unknown) | null;
}

const TEXT = 0;
const ONE_OF = 1;
const LIST = 2;

interface FieldRule {
  slot: number;
  optional: boolean;
  shape: number;
  /** TEXT: the value's rules; LIST: each item's. */
  rules: TextRule[];
  values: ReadonlySet<unknown> | null;
  minItems: number;
  maxItems: number;
}

/** Zod measures strings in code points, counting them only when the UTF-16 length leaves it in doubt. */
const codePoints = (text: string): number => z.core.util.codePointLength(text);

const HTTP_URL = /^https?:\/\//i;
const TABS_AND_LINE_BREAKS = /[\t\n\r]/g;
/**
 * A plain http(s) address: lower-case host labels, the last one starting with a letter (so the URL parser
 * never reads the host as an IPv4 number), no "xn--" label (punycode, which the parser decodes and can
 * refuse), no user or port, then printable ASCII only. The WHATWG URL parser accepts every such string,
 * so for the common link the parser need not be asked; anything else is.
 */
const PLAIN_HTTP_URL = /^https?:\/\/(?:(?!xn--)[a-z0-9-]+\.)*(?!xn--)[a-z][a-z0-9-]*(?:[/?#][!-~]*)?$/;

/**
 * zod's http(s) URL check, step for step: it trims, requires "http(s)://", parses with the URL parser (the
 * protocol then is http or https), and hands later checks the value without tabs and line breaks. The
 * answer is that value, or undefined when zod refuses.
 */
function httpUrlValue(text: string): string | undefined {
  if (PLAIN_HTTP_URL.test(text)) return text;
  const trimmed = text.trim();
  if (!HTTP_URL.test(trimmed) || !URL.canParse(trimmed)) return undefined;
  return trimmed.replace(TABS_AND_LINE_BREAKS, '');
}

function passes(rules: readonly TextRule[], value: string): boolean {
  let text = value;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    switch (rule.kind) {
      case MIN_LENGTH:
        if (text.length < rule.n || (text.length < rule.n * 2 && codePoints(text) < rule.n)) return false;
        break;
      case MAX_LENGTH:
        if (text.length > rule.n && codePoints(text) > rule.n) return false;
        break;
      case EXACT_LENGTH:
        if (text.length < rule.n || text.length > rule.n * 2 || codePoints(text) !== rule.n) return false;
        break;
      case PATTERN:
        if (!rule.pattern!.test(text)) return false;
        break;
      case HTTP_URL_FORMAT: {
        const url = httpUrlValue(text);
        if (url === undefined) return false;
        text = url;
        break;
      }
      default:
        // A refinement (z.string().refine(fn)): zod accepts a truthy answer; only a plain true is taken
        // here, so a promise or an odd value goes to zod.
        if (rule.fn!(text) !== true) return false;
    }
  }
  return true;
}

const rule = (kind: number, n = 0, pattern: RegExp | null = null, fn: TextRule['fn'] = null): TextRule => ({
  kind,
  n,
  pattern,
  fn,
});

/** One check of a string schema as a rule; undefined for a kind this compiler does not know. */
function textRule(def: Definition): TextRule | undefined {
  switch (def.check) {
    case 'min_length':
      return rule(MIN_LENGTH, def.minimum);
    case 'max_length':
      return rule(MAX_LENGTH, def.maximum);
    case 'length_equals':
      return rule(EXACT_LENGTH, def.length);
    case 'string_format': {
      if (def.format === 'url') {
        const plainHttp =
          !def.hostname && !def.normalize && def.protocol?.source === z.core.regexes.httpProtocol.source;
        return plainHttp ? rule(HTTP_URL_FORMAT) : undefined;
      }
      const pattern = def.pattern;
      return pattern && !pattern.global && !pattern.sticky ? rule(PATTERN, 0, pattern) : undefined;
    }
    case 'custom':
      return typeof def.fn === 'function' ? rule(REFINE, 0, null, def.fn) : undefined;
    default:
      return undefined;
  }
}

/** The rules of a string schema, its own format first (z.email(), z.iso.date(), z.url() are checks too). */
function textRules(def: Definition): TextRule[] | undefined {
  if (def.type !== 'string') return undefined;
  const defs = [...(def.check !== undefined ? [def] : []), ...(def.checks ?? []).map(defOf)];
  const rules: TextRule[] = [];
  for (const check of defs) {
    const compiled = textRule(check);
    if (!compiled) return undefined;
    rules.push(compiled);
  }
  return rules;
}

/** A field's rule; undefined when the schema uses a feature not covered (then zod decides every record). */
function fieldRule(slot: number, schema: Inspectable): FieldRule | undefined {
  let def = defOf(schema);
  const optional = def.type === 'optional';
  if (optional) {
    if (!def.innerType) return undefined;
    def = defOf(def.innerType);
  }
  const base = { slot, optional, rules: [] as TextRule[], values: null, minItems: 0, maxItems: 0 };
  if (def.type === 'string') {
    const rules = textRules(def);
    return rules ? { ...base, shape: TEXT, rules } : undefined;
  }
  if (def.type === 'enum') {
    if (def.checks?.length || !def.entries) return undefined;
    return { ...base, shape: ONE_OF, values: new Set(Object.values(def.entries)) };
  }
  if (def.type === 'array' && def.element) {
    const rules = textRules(defOf(def.element));
    if (!rules) return undefined;
    let minItems = 0;
    let maxItems = Number.POSITIVE_INFINITY;
    for (const check of (def.checks ?? []).map(defOf)) {
      if (check.check === 'min_length') minItems = Math.max(minItems, check.minimum!);
      else if (check.check === 'max_length') maxItems = Math.min(maxItems, check.maximum!);
      else return undefined;
    }
    return { ...base, shape: LIST, rules, minItems, maxItems };
  }
  return undefined;
}

function fieldPasses(field: FieldRule, value: unknown): boolean {
  if (value === undefined) return field.optional;
  if (field.shape === TEXT) return typeof value === 'string' && passes(field.rules, value);
  if (field.shape === ONE_OF) return field.values!.has(value);
  if (!Array.isArray(value) || value.length < field.minItems || value.length > field.maxItems) return false;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string' || !passes(field.rules, item)) return false;
  }
  return true;
}

const BIRTHDAY = FIELD_SLOT.birthday;
const ISSUED = FIELD_SLOT.certificateDateStart;
const EXPIRES = FIELD_SLOT.certificateDateEnd;

/**
 * The record-level rule of kycRecordSchema (its superRefine, which cannot be read back from the schema):
 * on valid dates, the document is not issued after it expires nor before the person was born.
 */
function datesInOrder(values: Readonly<NormalizedValues>): boolean {
  const birthday = values[BIRTHDAY];
  const issued = values[ISSUED];
  const expires = values[EXPIRES];
  if (typeof birthday !== 'string' || typeof issued !== 'string' || typeof expires !== 'string') return false;
  return expires >= issued && birthday <= issued;
}

function compileRecordCheck(): ((values: Readonly<NormalizedValues>) => boolean) | undefined {
  const def = defOf(kycRecordSchema);
  // The one record-level check is the date rule above; if the schema gains another, zod decides alone.
  if (def.type !== 'object' || !def.shape || def.checks?.length !== 1) return undefined;
  const fields: FieldRule[] = [];
  for (const [field, schema] of Object.entries(def.shape)) {
    const compiled = fieldRule(FIELD_SLOT[field as KycField], schema);
    if (!compiled) return undefined;
    fields.push(compiled);
  }
  // Normalized values only ever hold fields of the schema's shape, so the strict object's "no other keys"
  // holds by construction.
  return (values) => {
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      if (!fieldPasses(field, values[field.slot])) return false;
    }
    return datesInOrder(values);
  };
}

const compiled = compileRecordCheck();

/**
 * Per list field, the most items worth showing zod: one past the schema's maximum is enough for its "at
 * most" message, and a cell of 16,000 short items would otherwise cost 16,000 URL parses and messages.
 */
export const LIST_VALIDATION_CAPS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(defOf(kycRecordSchema).shape ?? {}).flatMap(([field, schema]) => {
    let def = defOf(schema);
    if (def.type === 'optional' && def.innerType) def = defOf(def.innerType);
    if (def.type !== 'array') return [];
    const max = (def.checks ?? []).map(defOf).find((check) => check.check === 'max_length')?.maximum;
    return max === undefined ? [] : [[field, max + 1]];
  }),
);

/** True only when kycRecordSchema accepts the row's values; false means "ask zod", not "invalid". */
export const surelyValidValues = (values: Readonly<NormalizedValues>): boolean => compiled?.(values) ?? false;

/** The same for a record object (tests, and single rows where the object exists anyway). */
export function surelyValid(record: NormalizedRecord): boolean {
  const values: NormalizedValues = new Array(KYC_FIELDS.length);
  for (const [field, value] of Object.entries(record)) values[FIELD_SLOT[field as KycField]] = value;
  return surelyValidValues(values);
}

/** Whether the schema could be compiled (false: every record goes through zod). */
export const recordCheckCompiled = compiled !== undefined;
