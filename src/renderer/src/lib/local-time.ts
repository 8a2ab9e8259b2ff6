// Times as the operator reads them: the desk's own time zone, on every page.

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** "2026-03-14 09:26:53", local time: sortable and unambiguous at a glance. */
export function localDateTime(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** "18:29", local time: a time later today (a lockout's end), in the same 24-hour clock. */
export function localTimeOfDay(epochMs: number): string {
  const date = new Date(epochMs);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
