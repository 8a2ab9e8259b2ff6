// The KYC row problems as the catalogue's key and values (issue 33, item 2), defined once for main (which
// finds them) and the renderer (which words them in the reader's language with useT). A problem's English
// message goes with it: the KYC export and the logs keep English. Zod's issues are mapped by their code,
// the field and what the schema checks there, never by their English text; the email check's own faults
// (shared/gateway/email-address.ts) carry what they point at.
import type { z } from 'zod';
import { type EmailAddressFault, emailAddressFault } from './gateway/email-address';
import type { MessageKey, MessageValues } from './i18n/messages';
import type { RefusalWords } from './ipc-error';

/** A problem's words: the catalogue key and values (the same shape main's refusals carry). */
export interface KycProblemWords extends RefusalWords {
  key: KycProblemKey;
  values?: MessageValues;
}

/** Every key a KYC row problem or warning is worded with: each is in the four catalogues. */
export const KYC_PROBLEM_KEYS = [
  'kyc.problem.required',
  'kyc.problem.text',
  'kyc.problem.tooLong',
  'kyc.problem.digits',
  'kyc.problem.date',
  'kyc.problem.dateAmbiguous',
  'kyc.problem.gender',
  'kyc.problem.country',
  'kyc.problem.countryCode',
  'kyc.problem.urlList',
  'kyc.problem.idCardUrls',
  'kyc.problem.tooManyUrls',
  'kyc.problem.url',
  'kyc.problem.urlItem.url',
  'kyc.problem.urlItem.tooLong',
  'kyc.problem.expiresBeforeIssued',
  'kyc.problem.bornAfterIssued',
  'kyc.problem.email.no-at',
  'kyc.problem.email.many-at',
  'kyc.problem.email.local-empty',
  'kyc.problem.email.local-character',
  'kyc.problem.email.local-dots',
  'kyc.problem.email.domain-empty',
  'kyc.problem.email.domain-character',
  'kyc.problem.email.domain-no-dot',
  'kyc.problem.email.domain-dots',
  'kyc.problem.email.label-hyphen',
  'kyc.problem.email.top-level',
  'kyc.problem.email',
  'kyc.problem.duplicateUserId',
  'kyc.problem.extraCells',
  'kyc.problem.beyondHeader',
  'kyc.problem.notAnObject',
  'kyc.problem.invalid',
  'kyc.notice.expired',
  'kyc.notice.notYetValid',
] as const satisfies readonly MessageKey[];
export type KycProblemKey = (typeof KYC_PROBLEM_KEYS)[number];

const words = (key: KycProblemKey, values?: MessageValues): KycProblemWords =>
  values === undefined ? { key } : { key, values };

const EMAIL_KEYS: Record<EmailAddressFault['fault'], KycProblemKey> = {
  'no-at': 'kyc.problem.email.no-at',
  'many-at': 'kyc.problem.email.many-at',
  'local-empty': 'kyc.problem.email.local-empty',
  'local-character': 'kyc.problem.email.local-character',
  'local-dots': 'kyc.problem.email.local-dots',
  'domain-empty': 'kyc.problem.email.domain-empty',
  'domain-character': 'kyc.problem.email.domain-character',
  'domain-no-dot': 'kyc.problem.email.domain-no-dot',
  'domain-dots': 'kyc.problem.email.domain-dots',
  'label-hyphen': 'kyc.problem.email.label-hyphen',
  'top-level': 'kyc.problem.email.top-level',
};

/** An e-mail address's problem: which part is at fault, and the character or count it points at. */
export function emailWords(text: string): KycProblemWords {
  const found = emailAddressFault(text);
  if (!found) return words('kyc.problem.email');
  const { fault, ...values } = found;
  return words(EMAIL_KEYS[fault], Object.keys(values).length > 0 ? values : undefined);
}

const URL_LIST_FIELDS: ReadonlySet<string> = new Set(['idCardUrls', 'documentUrls']);

/**
 * The words of one of the KYC record schema's issues (shared/gateway/kyc.ts) about `field`, whose
 * value was `value` (a URL list's issue about one item: `item`, 0-based, and that item's value).
 */
export function kycIssueWords(
  issue: z.core.$ZodIssue,
  field: string | null,
  value: unknown,
  item?: number,
): KycProblemWords {
  if (value === undefined) return words('kyc.problem.required');
  if (item !== undefined) {
    if (issue.code === 'too_big')
      return words('kyc.problem.urlItem.tooLong', { n: item + 1, max: Number(issue.maximum) });
    return words('kyc.problem.urlItem.url', { n: item + 1 });
  }
  const isList = field !== null && URL_LIST_FIELDS.has(field);
  switch (issue.code) {
    case 'invalid_type':
      return words(isList ? 'kyc.problem.urlList' : 'kyc.problem.text');
    case 'too_small':
      if (issue.origin === 'array') return words('kyc.problem.idCardUrls');
      return words('kyc.problem.required');
    case 'too_big':
      if (issue.origin === 'array') return words('kyc.problem.tooManyUrls', { max: Number(issue.maximum) });
      return words('kyc.problem.tooLong', { max: Number(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'date') return words('kyc.problem.date');
      if (issue.format === 'url' || isList) return words('kyc.problem.url');
      return words('kyc.problem.digits');
    case 'invalid_value':
      if (typeof value !== 'string') return words('kyc.problem.text');
      if (field === 'gender') return words('kyc.problem.gender');
      return words(value.length === 2 ? 'kyc.problem.country' : 'kyc.problem.countryCode');
    case 'custom':
      if (field === 'email') return emailWords(String(value));
      if (field === 'certificateDateEnd') return words('kyc.problem.expiresBeforeIssued');
      if (field === 'birthday') return words('kyc.problem.bornAfterIssued');
      return words('kyc.problem.invalid');
    default:
      return words('kyc.problem.invalid');
  }
}

/** Two readings of a date whose day and month could be swapped (07.03.1979: 7 March or 3 July). */
export function ambiguousDateWords(
  text: string,
  first: { day: number; month: number },
  second: { day: number; month: number },
): KycProblemWords {
  return words('kyc.problem.dateAmbiguous', {
    text,
    day1: first.day,
    month1: first.month,
    day2: second.day,
    month2: second.month,
  });
}

/**
 * A problem with a row as a whole, found as the file is read (kyc/reading): more cells than the header, or a
 * JSON item that is not an object. Its English goes with it (the worker carries no catalogue).
 */
export interface KycRowNote {
  message: string;
  words: KycProblemWords;
}

export const rowNote = {
  /** A CSV row with `cells` cells under a header of `width`. */
  extraCells: (cells: number, width: number): KycRowNote => ({
    message: `This row has ${cells} cells but the header has ${width}: check for an unquoted delimiter.`,
    words: words('kyc.problem.extraCells', { cells, width }),
  }),
  /** A sheet row with cells filled past the header's last column. */
  beyondHeader: (column: number): KycRowNote => ({
    message: `This row has cells beyond the last header (column ${column}).`,
    words: words('kyc.problem.beyondHeader', { column }),
  }),
  /** A JSON array's item (1-based) that is not an object. */
  notAnObject: (item: number): KycRowNote => ({
    message: `Item ${item} is not an object with named fields.`,
    words: words('kyc.problem.notAnObject', { item }),
  }),
};

/** The same userId as an earlier row of the file. */
export const duplicateUserIdWords = (row: number): KycProblemWords =>
  words('kyc.problem.duplicateUserId', { row });

/**
 * The values of a problem's words that are calendar days ("YYYY-MM-DD", as sent): the reader's language
 * writes them (the renderer's formatDay: "01.03.2025" in de), never shifted by a time zone. Main's English
 * message (the export, the logs) keeps them as sent.
 */
export const KYC_DAY_VALUES: Partial<Record<KycProblemKey, readonly string[]>> = {
  'kyc.notice.expired': ['date', 'today'],
  'kyc.notice.notYetValid': ['date', 'today'],
};

/** A document expired on `expires`, or valid only from `issued` (YYYY-MM-DD), on the desk's day `today`. */
export const documentDateWords = (
  kind: 'expired' | 'not_yet_valid',
  date: string,
  today: string,
): KycProblemWords =>
  words(kind === 'expired' ? 'kyc.notice.expired' : 'kyc.notice.notYetValid', { date, today });
