// The date inputs' days turned into the filter's epoch range, on the desk's (the system's) clock. Moments are
// shown through shared/i18n/format.ts.

/** Local midnight at the start of a date input's "YYYY-MM-DD", or undefined for an empty/partial value. */
export function startOfLocalDay(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const time = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isNaN(time) ? undefined : time;
}

/** Local midnight after the given day: the filter's `to` is exclusive, the "To" input is inclusive. */
export function endOfLocalDay(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const time = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1).getTime();
  return Number.isNaN(time) ? undefined : time;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The local day `daysAgo` days before `now`, as a date input holds it ("YYYY-MM-DD"). */
export function localDayText(daysAgo: number, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The date filter's presets: from and to, both inclusive local days. */
export const DATE_PRESETS = [
  { id: 'today', from: 0, to: 0 },
  { id: 'yesterday', from: 1, to: 1 },
  { id: 'last7', from: 6, to: 0 },
] as const;

/** Minutes east of UTC, as history.dailyTotals wants them (getTimezoneOffset counts the other way). */
export function utcOffsetMinutes(): number {
  return -new Date().getTimezoneOffset();
}

/**
 * JSON text made readable, every literal kept exactly as received: re-indenting the text instead of
 * JSON.parse + stringify, which would turn "amount": 25.10 into 25.1 and round long integers.
 * Anything that is not JSON is returned as it came.
 */
export function prettyJson(text: string): { text: string; isJson: boolean } {
  try {
    JSON.parse(text);
  } catch {
    return { text, isJson: false };
  }
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (inString) {
      out += char;
      if (char === '\\') {
        out += text[i + 1] ?? '';
        i += 1;
      } else if (char === '"') {
        inString = false;
      }
      continue;
    }
    if (char === ' ' || char === '\n' || char === '\r' || char === '\t') continue;
    if (char === '"') {
      inString = true;
      out += char;
    } else if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      let next = i + 1;
      while (next < text.length && /\s/.test(text[next] as string)) next += 1;
      if (text[next] === close) {
        out += char + close;
        i = next;
      } else {
        depth += 1;
        out += char + newline();
      }
    } else if (char === '}' || char === ']') {
      depth -= 1;
      out += newline() + char;
    } else if (char === ',') {
      out += `,${newline()}`;
    } else if (char === ':') {
      out += ': ';
    } else {
      out += char;
    }
  }
  return { text: out, isJson: true };
}
