// Turns the first schema issue into the `msg` a merchant's support staff reads: `field: what is wrong`.
import type { z } from 'zod';

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** `field` names the value when a lone field's schema was parsed, whose issues carry no path. */
export function firstIssueMessage(error: z.ZodError, field?: string): string {
  const issue = error.issues[0];
  if (!issue) return 'body: Invalid request.';
  const path = formatPath(field === undefined ? issue.path : [field, ...issue.path]);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    return `${path === '' ? key : `${path}.${key}`}: Unknown field.`;
  }
  return `${path === '' ? 'body' : path}: ${issue.message}`;
}
