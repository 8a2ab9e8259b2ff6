// Counts as staff read them: thousands grouped, the noun in singular or plural.
const GROUPED = new Intl.NumberFormat('en');

export function count(n: number): string {
  return GROUPED.format(n);
}

export function records(n: number, noun = 'record'): string {
  return `${count(n)} ${n === 1 ? noun : `${noun}s`}`;
}
