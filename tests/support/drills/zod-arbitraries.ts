// fast-check generators derived from a zod schema, so that a channel added to the IPC contract is fuzzed
// without anyone writing a generator for it. `acceptable` aims at values the schema takes, filled with
// hostile content wherever the schema lets it through (prototype-pollution words, strings at their maximum
// length, control and bidi characters); `refused` produces values it must turn away (wrong types, unknown
// and prototype keys, strings over their limit, huge strings, deep nesting, missing fields). Neither is
// trusted: the caller checks each value with schema.safeParse, which keeps the drill from being vacuous.
// Reads zod v4's `_zod.def`, the introspection surface zod documents for library authors.
import fc from 'fast-check';

interface ZodSchema {
  _zod: { def: SchemaDef };
  safeParse(value: unknown): { success: boolean };
}

interface SchemaDef {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, ZodSchema>;
  innerType?: ZodSchema;
  element?: ZodSchema;
  options?: ZodSchema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: ZodSchema;
  valueType?: ZodSchema;
  in?: ZodSchema;
  getter?: () => ZodSchema;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Text that has broken programs before: prototype words, path tricks, SQL, markup, control characters. */
const HOSTILE_TEXT = [
  ...PROTOTYPE_KEYS,
  'toString',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
  '../../../../etc/passwd',
  "x'); DROP TABLE history_rows; --",
  '<img src=x onerror=alert(1)>',
  '%s%s%s%n',
  'a\u0000b',
  '\u202egnp.exe',
  'line\r\nInjected: header',
  '\ud800',
  '🂡'.repeat(16),
];

/** Beyond this a generated string over its limit is left out: the check is a length compare anyway. */
const MAX_GENERATED_LENGTH = 2 * 1024 * 1024;

const defOf = (schema: ZodSchema): SchemaDef => schema._zod.def;

function checksOf(def: SchemaDef): CheckDef[] {
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  return def.format
    ? [
        { check: 'string_format', format: def.format, ...(def.pattern && { pattern: def.pattern }) },
        ...checks,
      ]
    : checks;
}

function lengthBounds(def: SchemaDef): { min: number; max: number | undefined } {
  let min = 0;
  let max: number | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) min = Math.max(min, check.minimum);
    if (check.check === 'max_length' && check.maximum !== undefined)
      max = Math.min(max ?? Number.POSITIVE_INFINITY, check.maximum);
    if (check.check === 'length_equals' && check.length !== undefined) {
      min = check.length;
      max = check.length;
    }
  }
  return { min, max };
}

/** A string of exactly `length` characters made of `unit` (hostile words repeated). */
function filled(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

function acceptableString(def: SchemaDef): fc.Arbitrary<string> {
  const { min, max } = lengthBounds(def);
  const fits = (text: string) => text.length >= min && text.length <= (max ?? Number.POSITIVE_INFINITY);
  const checks = checksOf(def);
  const formats = new Set(checks.filter((check) => check.check === 'string_format').map((c) => c.format));
  if (formats.has('email')) return fc.emailAddress().filter(fits);
  if (formats.has('url'))
    return fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true }).filter(fits);
  if (formats.has('ipv4')) return fc.ipV4();
  if (formats.has('date'))
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  if (formats.has('base64')) return fc.base64String({ maxLength: 4096 });
  const patterns = checks.flatMap((check) => (check.pattern ? [check.pattern] : []));
  if (patterns.length > 0) {
    // A pattern says nothing of length: keep what also fits the length checks (or, rarely, nothing fits).
    const matching = patterns.map((pattern) => fc.stringMatching(pattern, { size: 'xsmall' }));
    return fc.oneof(...matching).filter(fits);
  }
  const longest = Math.min(max ?? 4096, MAX_GENERATED_LENGTH);
  const atMax = fc.constantFrom(...HOSTILE_TEXT.slice(0, 4)).map((unit) => filled(unit, longest));
  return fc.oneof(
    fc.constantFrom(...HOSTILE_TEXT),
    fc.string({ minLength: min, maxLength: Math.min(longest, 40), unit: 'grapheme' }),
    atMax,
  );
}

function acceptableNumber(def: SchemaDef): fc.Arbitrary<number> {
  let min = -(2 ** 53 - 1);
  let max = 2 ** 53 - 1;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && check.value !== undefined)
      min = Math.max(min, check.inclusive ? check.value : check.value + 1);
    if (check.check === 'less_than' && check.value !== undefined)
      max = Math.min(max, check.inclusive ? check.value : check.value - 1);
  }
  return fc.oneof(
    fc.constantFrom(min, max),
    fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
  );
}

/** An object whose own keys are exactly `entries`, `__proto__` included (as JSON.parse would make it). */
function ownObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

/** Values meant to pass `schema`, hostile where it allows. */
export function acceptable(schema: ZodSchema, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(undefined);
  switch (def.type) {
    case 'string':
      return acceptableString(def);
    case 'number':
      return acceptableNumber(def);
    case 'boolean':
      return fc.boolean();
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(acceptable(def.innerType!, depth + 1), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(acceptable(def.innerType!, depth + 1), { nil: null, freq: 3 });
    case 'array': {
      const { min, max } = lengthBounds(def);
      return fc.array(acceptable(def.element!, depth + 1), {
        minLength: min,
        maxLength: Math.min(max ?? 4, 4),
      });
    }
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const optional = new Set(
        keys.filter((key) => ['optional', 'default', 'prefault'].includes(defOf(shape[key]!).type)),
      );
      const fields = Object.fromEntries(keys.map((key) => [key, acceptable(shape[key]!, depth + 1)]));
      return fc.record(fields, { requiredKeys: keys.filter((key) => !optional.has(key)) });
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => acceptable(option, depth + 1)));
    case 'record':
      return fc
        .array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(...PROTOTYPE_KEYS),
              acceptable(def.keyType!, depth + 1) as fc.Arbitrary<string>,
            ),
            acceptable(def.valueType!, depth + 1),
          ),
          { maxLength: 4 },
        )
        .map(ownObject);
    case 'pipe':
      return acceptable(def.in!, depth + 1);
    case 'lazy':
      return acceptable(def.getter!(), depth + 1);
    default:
      return fc.anything();
  }
}

/**
 * Values near a known-good `example`: each field kept, or swapped for a hostile value the field's schema
 * may take. For schemas whose refinements (a country list, an amount rule) a generator cannot guess.
 */
export function aroundExample(schema: ZodSchema, example: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(unwrap(schema));
  if (def.type === 'union' && depth < 4) {
    return fc.oneof(...(def.options ?? []).map((option) => aroundExample(option, example, depth + 1)));
  }
  if (def.type !== 'object' || example === null || typeof example !== 'object' || Array.isArray(example)) {
    return fc.oneof(
      { arbitrary: fc.constant(example), weight: 4 },
      { arbitrary: acceptable(schema), weight: 1 },
    );
  }
  const shape = def.shape ?? {};
  const record = example as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.keys(record).map((key) => {
      const field = shape[key];
      return [key, field ? aroundExample(field, record[key], depth + 1) : fc.constant(record[key])];
    }),
  );
  return fc.record(fields);
}

/** `{ a: { a: … } }` or `[[[…]]]`, `levels` deep. */
function nested(levels: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level += 1) value = kind === 'object' ? { a: value } : [value];
  return value;
}

/** Values of every type but the one a field wants: the wrong-type half of `refused`. */
function wrongValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(
      null,
      true,
      0,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 64,
      '',
      [],
      {},
      10n,
      new Date(0),
      Symbol.for('paydesk'),
    ),
    fc.constant(() => 'a function'),
    fc
      .integer({ min: 1, max: 8 })
      .map((exponent) => nested(10 ** Math.min(exponent, 4), exponent % 2 ? 'object' : 'array')),
    fc.constantFrom(...PROTOTYPE_KEYS).map((key) => ownObject([[key, { polluted: 'yes' }]])),
    fc.constant(
      JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}'),
    ),
    fc.constant('x'.repeat(MAX_GENERATED_LENGTH)),
    fc.anything({
      maxDepth: 2,
      withNullPrototype: true,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
    }),
  );
}

function unwrap(schema: ZodSchema): ZodSchema {
  let current = schema;
  while (['optional', 'default', 'prefault', 'nullable'].includes(defOf(current).type))
    current = defOf(current).innerType!;
  return current;
}

/** One change that should make an acceptable `value` unacceptable to `schema`, anywhere inside it. */
function corrupt(schema: ZodSchema, value: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(unwrap(schema));
  const whole = wrongValue();
  if (def.type === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const shape = def.shape ?? {};
    const keys = Object.keys(shape);
    if (keys.length === 0) return whole;
    const record = value as Record<string, unknown>;
    const replaceField = fc
      .tuple(fc.constantFrom(...keys), wrongValue())
      .map(([key, wrong]) =>
        ownObject([...Object.entries(record).filter(([name]) => name !== key), [key, wrong]]),
      );
    const extraKey = fc
      .tuple(
        fc.constantFrom(...PROTOTYPE_KEYS, 'isAdmin', 'sql', 'then'),
        fc.constantFrom({ polluted: 'yes' }, true, 'yes'),
      )
      .map(([key, extra]) => ownObject([...Object.entries(record), [key, extra]]));
    const dropField = fc
      .constantFrom(...keys)
      .map((key) => ownObject(Object.entries(record).filter(([name]) => name !== key)));
    const overLong = keys.flatMap((key) => {
      const field = defOf(unwrap(shape[key]!));
      const { max } = field.type === 'string' ? lengthBounds(field) : { max: undefined };
      if (max === undefined || max + 1 > MAX_GENERATED_LENGTH) return [];
      return [
        fc
          .constantFrom(max + 1, Math.min(max * 4 + 1, MAX_GENERATED_LENGTH))
          .map((length) => ({ ...record, [key]: filled('__proto__', length) })),
      ];
    });
    const inner = keys.flatMap((key) => {
      const type = defOf(unwrap(shape[key]!)).type;
      if (depth > 3 || !['object', 'array', 'union'].includes(type) || record[key] === undefined) return [];
      return [corrupt(shape[key]!, record[key], depth + 1).map((bad) => ({ ...record, [key]: bad }))];
    });
    return fc.oneof(replaceField, extraKey, dropField, ...overLong, ...inner, whole);
  }
  if (def.type === 'array' && Array.isArray(value) && value.length > 0 && def.element) {
    return fc.oneof(
      corrupt(def.element, value[0], depth + 1).map((bad) => [bad, ...value.slice(1)]),
      fc.constant(nested(10_000, 'array')),
      whole,
    );
  }
  if (def.type === 'union' && depth < 4) {
    return fc.oneof(...(def.options ?? []).map((option) => corrupt(option, value, depth + 1)), whole);
  }
  return whole;
}

/** Values `schema` must refuse: anything at all, and acceptable values with one thing wrong. */
export function refused(schema: ZodSchema): fc.Arbitrary<unknown> {
  const anything = fc.anything({
    maxDepth: 3,
    withNullPrototype: true,
    withObjectString: true,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
    withBoxedValues: true,
    key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })),
  });
  const nearlyRight = acceptable(schema).chain((value) => corrupt(schema, value));
  return fc.oneof({ arbitrary: nearlyRight, weight: 3 }, { arbitrary: anything, weight: 1 });
}
