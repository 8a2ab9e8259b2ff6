// Moments as each desk language shows them (shared/i18n/format.ts), as patterns for specs that cannot know
// the very second: en writes month/day/year and a 12-hour clock, de day.month.year and 24 hours with two
// digits, pt-BR day/month/year the same way. Intl puts a narrow no-break space before AM/PM (\s takes it).

const FORMS = {
  en: { day: String.raw`\d{2}/\d{2}/\d{4}`, hour: String.raw`\d{1,2}`, after: String.raw`\s[AP]M` },
  de: { day: String.raw`\d{2}\.\d{2}\.\d{4}`, hour: String.raw`\d{2}`, after: '' },
  'pt-BR': { day: String.raw`\d{2}/\d{2}/\d{4}`, hour: String.raw`\d{2}`, after: '' },
} as const;

type Form = keyof typeof FORMS;

/** A calendar day: 11/29/2026 in en, 29.11.2026 in de. */
export const dayText = (language: Form = 'en'): string => FORMS[language].day;

/** A time of day, to the second unless `seconds` is false: 1:37:05 PM in en, 13:37:05 in de. */
export function timeText(language: Form = 'en', seconds = true): string {
  const { hour, after } = FORMS[language];
  return `${hour}:\\d{2}${seconds ? ':\\d{2}' : ''}${after}`;
}

/** A date and time: 11/29/2026, 1:37:05 PM in en, 29.11.2026, 13:37:05 in de. */
export const dateTimeText = (language: Form = 'en', seconds = true): string =>
  `${dayText(language)}, ${timeText(language, seconds)}`;

/**
 * A date and time read off the screen (`dateTimeText`'s form) as "YYYY-MM-DD HH:MM:SS" on a 24-hour clock:
 * the form the spreadsheet export and the date fields take, to compare with them.
 */
export function sortableOf(shown: string, language: Form = 'en'): string {
  const match = /^(\d{2})\D(\d{2})\D(\d{4}), (\d{1,2}):(\d{2}):(\d{2})(?:\s([AP])M)?$/.exec(shown.trim());
  if (!match) throw new Error(`"${shown}" is no ${language} date and time`);
  const [, first, second, year, hour, minute, secondOfMinute, meridiem] = match as unknown as string[];
  const [month, day] = language === 'en' ? [first, second] : [second, first];
  let hours = Number(hour);
  if (meridiem) hours = (hours % 12) + (meridiem === 'P' ? 12 : 0);
  return `${year}-${month}-${day} ${String(hours).padStart(2, '0')}:${minute}:${secondOfMinute}`;
}
