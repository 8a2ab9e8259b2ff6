// An IPC input check's refusal in the catalogue's words (issue 33): one message per zod issue code
// (`refusal.input.*`), with the field's path and the limit as values, for an issue that carries zod's own
// English. A schema's own message is worded where the catalogue has its words: a Settings schema's
// (profile, operator, role, approval) by shared/schema-problem-words.ts, the mapping the profile editor
// shows under its fields too; any other ("Digits only, 12 to 19 of them.") stays as its author wrote it.
// Main's English message is as before (the log's).
import type { MessageKey } from '@shared/i18n/messages';
import type { IpcError, RefusalWords } from '@shared/ipc';
import { schemaProblemWords } from '@shared/schema-problem-words';
import { z } from 'zod';
import { describeIssue } from '../refusal';

type Issue = z.core.$ZodIssue;

const englishDefaults = z.locales.en().localeError;
const VALUE_MAX_LENGTH = 120;
const shortened = (text: string) =>
  text.length <= VALUE_MAX_LENGTH ? text : `${text.slice(0, VALUE_MAX_LENGTH - 1)}…`;

/** Whether zod wrote the issue's message itself (no message of the schema's own). */
function isZodsOwn(issue: Issue): boolean {
  // The final issue has lost its input: zod's words for a wrong type are compared up to the type received.
  if (issue.code === 'invalid_type')
    return issue.message.startsWith(`Invalid input: expected ${issue.expected}`);
  const own = englishDefaults?.(issue as never);
  return issue.message === (typeof own === 'string' ? own : own?.message);
}

/** A limit as a number the catalogue counts with (zod's may be a bigint or a date's time). */
const limitOf = (value: number | bigint | Date) => (value instanceof Date ? value.getTime() : Number(value));

function wordsOf(issue: Issue, field: string | undefined): RefusalWords {
  const at = { at: field === undefined ? 'input' : 'field', field: field ?? '' };
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'refusal.input.invalidType', values: at };
    case 'too_small':
      return {
        key: 'refusal.input.tooSmall',
        values: {
          ...at,
          origin: String(issue.origin),
          inclusive: issue.inclusive === false ? 'no' : 'yes',
          limit: limitOf(issue.minimum),
        },
      };
    case 'too_big':
      return {
        key: 'refusal.input.tooBig',
        values: {
          ...at,
          origin: String(issue.origin),
          inclusive: issue.inclusive === false ? 'no' : 'yes',
          limit: limitOf(issue.maximum),
        },
      };
    case 'invalid_format':
      return { key: 'refusal.input.invalidFormat', values: at };
    case 'unrecognized_keys':
      return {
        key: 'refusal.input.unrecognizedKeys',
        values: {
          ...at,
          count: issue.keys.length,
          keys: shortened(issue.keys.map((key) => `"${key}"`).join(', ')),
        },
      };
    case 'invalid_value':
      return { key: 'refusal.input.invalidValue', values: at };
    default:
      return { key: 'refusal.input.notAccepted', values: at };
  }
}

/**
 * A schema's own message that the catalogue words, by the schema's English (the key's English is the same,
 * tests/unit/ipc-dispatch.test.ts): a refinement over several fields, which no per-code words can say.
 */
const SCHEMA_WORDS: Readonly<Record<string, MessageKey>> = {
  'The start of the date range is after its end.': 'refusal.history.fromAfterTo',
  'Use either a cursor or an offset, not both.': 'refusal.history.cursorAndOffset',
};

/**
 * Zod's first issue as describeIssue says it, with the catalogue's words when the message is zod's own, or a
 * schema's own that the catalogue words.
 */
export function describeIssueWorded(issues: readonly Issue[]): IpcError {
  const described = describeIssue(issues);
  const first = issues[0];
  const schemaWords = first && Object.hasOwn(SCHEMA_WORDS, first.message) && SCHEMA_WORDS[first.message];
  if (schemaWords) described.words = { key: schemaWords };
  else if (first && isZodsOwn(first)) described.words = wordsOf(first, described.field);
  else if (first) {
    const settingsWords = schemaProblemWords(first);
    if (settingsWords) described.words = settingsWords;
  }
  return described;
}
