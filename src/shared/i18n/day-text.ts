// A calendar day as an operator types and reads it in the desk's language (issue 33, item 6): "28.11.2026"
// in de, "28/11/2026" in es and pt-BR, "11/28/2026" in en. The order of day, month and year and the separator
// come from Intl (CLDR, formatToParts), not from a table kept here. Bare `en` is what the desk's language
// setting holds (no region: languages.ts), and CLDR reads bare `en` as en-US: month first, week from Sunday.
//
// What is read: the locale's order with any separators ("28-11-2026", "28 11 26"), digits alone in the
// locale's order, six to eight of them ("28112026", "281126"), and ISO "2026-11-28" (year first) in every locale. A two-digit year
// is 20yy: a payment desk's days are this century's. A day or month typed with one digit and no separator
// ("1112026") is read only if a single reading makes a real day; two real readings are refused as ambiguous,
// never guessed. The day read is "YYYY-MM-DD", the value History's filter and main's queries already take.

type DayPart = 'day' | 'month' | 'year';

/** How a language writes a day: its parts' order and the separator between them. */
interface DayPattern {
  order: readonly [DayPart, DayPart, DayPart];
  separator: string;
}

/** Why typed text is not a day. Each is a catalogue message (`dates.refusal.<reason>`) with these values. */
export type DayRefusal =
  /** Not a day in any form read here (letters, two parts, too many digits). */
  | { reason: 'format'; pattern: string }
  /** A day the calendar does not have (31.02.2026). */
  | { reason: 'impossible'; typed: string }
  /** Two real days ("1112026": 1.11.2026 or 11.1.2026). */
  | { reason: 'ambiguous'; typed: string; first: string; second: string; pattern: string }
  /** A four-digit year outside MIN_YEAR..MAX_YEAR. */
  | { reason: 'year'; min: number; max: number }
  /** After the field's latest day (`max`). */
  | { reason: 'afterMax'; max: string };

type DayReading = { ok: true; day: string } | { ok: false; refusal: DayRefusal };

const MIN_YEAR = 1900;
const MAX_YEAR = 2199;

const patterns = new Map<string, DayPattern>();
const formats = new Map<string, Intl.DateTimeFormat>();

/** The language's numeric day format (two-digit day and month, full year), made once per language. */
function numericFormat(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
      numberingSystem: 'latn',
    });
    formats.set(locale, format);
  }
  return format;
}

/** The order and separator Intl writes a day in, for this language (de: day.month.year). */
export function dayPattern(locale: string): DayPattern {
  let pattern = patterns.get(locale);
  if (!pattern) {
    const parts = numericFormat(locale).formatToParts(Date.UTC(2026, 10, 28));
    const order = parts
      .map((part) => part.type)
      .filter((type): type is DayPart => type === 'day' || type === 'month' || type === 'year');
    const separator = parts.find((part) => part.type === 'literal')?.value ?? '/';
    pattern = { order: order as unknown as DayPattern['order'], separator };
    patterns.set(locale, pattern);
  }
  return pattern;
}

/** The day's parts from "YYYY-MM-DD" (no time zone involved), or undefined for anything else. */
export function isoParts(day: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDay(parts.year, parts.month, parts.day) ? parts : undefined;
}

function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function isoDay(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** "2026-11-28" as the language writes it ("28.11.2026" in de); anything that is not a day, as it is. */
export function formatDay(day: string, locale: string): string {
  const parts = isoParts(day);
  if (!parts) return day;
  // A UTC midnight formatted in UTC: the calendar day itself, whatever the desk's zone and its summer time.
  const date = new Date(Date.UTC(2000, parts.month - 1, parts.day));
  date.setUTCFullYear(parts.year);
  return numericFormat(locale).format(date);
}

/** What the field shows while empty, in the language's order: "TT.MM.JJJJ" with the German letters. */
export function patternText(pattern: DayPattern, letters: Record<DayPart, string>): string {
  return pattern.order.map((part) => letters[part]).join(pattern.separator);
}

/** Part widths a run of digits may hold: a day or month one or two digits, a year two or four. */
const WIDTHS: Record<DayPart, readonly number[]> = { day: [2, 1], month: [2, 1], year: [4, 2] };

type Candidate = Record<DayPart, string>;

/** Every way to cut a run of digits into the order's parts, each of a width it may have. */
function cuts(digits: string, order: DayPattern['order']): Candidate[] {
  const found: Candidate[] = [];
  const walk = (index: number, at: number, taken: Partial<Candidate>) => {
    if (index === order.length) {
      if (at === digits.length) found.push(taken as Candidate);
      return;
    }
    const part = order[index] as DayPart;
    for (const width of WIDTHS[part]) {
      if (at + width > digits.length) continue;
      walk(index + 1, at + width, { ...taken, [part]: digits.slice(at, at + width) });
    }
  };
  walk(0, 0, {});
  return found;
}

/** A candidate's day, or why it is none. */
function dayOf(candidate: Candidate): string | 'impossible' | 'year' {
  const year = candidate.year.length === 2 ? 2000 + Number(candidate.year) : Number(candidate.year);
  const month = Number(candidate.month);
  const day = Number(candidate.day);
  if (!isRealDay(year, month, day)) return 'impossible';
  if (year < MIN_YEAR || year > MAX_YEAR) return 'year';
  return isoDay(year, month, day);
}

interface ReadDayOptions {
  /** Letters of the placeholder ("TT.MM.JJJJ"), for the refusals that show the expected form. */
  patternText: string;
  /** The latest day the field takes, "YYYY-MM-DD". */
  max?: string;
}

/**
 * Typed text read as a day in the language's order, or refused. Empty text is the empty day (""): the
 * filter without that bound.
 */
export function readDay(typed: string, locale: string, options: ReadDayOptions): DayReading {
  const text = typed.trim();
  if (text === '') return { ok: true, day: '' };
  const refuse = (refusal: DayRefusal): DayReading => ({ ok: false, refusal });
  const format = refuse({ reason: 'format', pattern: options.patternText });
  // Separators of any kind, but no letters: "28 Nov" is not read as 28.11.
  if (/\p{L}/u.test(text)) return format;
  const runs = text.split(/\D+/).filter(Boolean);
  const pattern = dayPattern(locale);
  let candidates: Candidate[];
  if (runs.length === 1) {
    // Digits alone: six to eight of them. Fewer would read a half-typed "28112" as 28.1.2012.
    const digits = runs[0] as string;
    candidates = digits.length >= 6 && digits.length <= 8 ? cuts(digits, pattern.order) : [];
  } else if (runs.length === 3) {
    const [first, second, third] = runs as [string, string, string];
    // ISO's year first (2026-11-28, 2026/11/28), in every language: no language here writes a year first
    // otherwise, and four digits first are no day or month.
    const order: DayPattern['order'] = first.length === 4 ? ['year', 'month', 'day'] : pattern.order;
    const candidate = { [order[0]]: first, [order[1]]: second, [order[2]]: third } as Candidate;
    const fits = order.every((part) => WIDTHS[part].includes(candidate[part].length));
    candidates = fits ? [candidate] : [];
  } else {
    candidates = [];
  }
  if (candidates.length === 0) return format;
  const outcomes = candidates.map(dayOf);
  const days = [...new Set(outcomes.filter((outcome) => /^\d/.test(outcome)))].sort();
  if (days.length > 1) {
    return refuse({
      reason: 'ambiguous',
      typed: text,
      first: formatDay(days[0] as string, locale),
      second: formatDay(days[1] as string, locale),
      pattern: options.patternText,
    });
  }
  const day = days[0];
  if (day === undefined) {
    return outcomes.includes('year')
      ? refuse({ reason: 'year', min: MIN_YEAR, max: MAX_YEAR })
      : refuse({ reason: 'impossible', typed: text });
  }
  if (options.max !== undefined && day > options.max) {
    return refuse({ reason: 'afterMax', max: formatDay(options.max, locale) });
  }
  return { ok: true, day };
}
