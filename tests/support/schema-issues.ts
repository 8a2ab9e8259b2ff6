// What a zod schema says of a value, in the terms the wire-schema tests assert: each issue's path (dotted)
// and message, and the keys an unrecognized-keys issue names.
import type { z } from 'zod';

type Issue = { path: string; message: string; keys?: string[] };

export function issuesOf(schema: z.ZodType, value: unknown): Issue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
    ...('keys' in issue ? { keys: issue.keys as string[] } : {}),
  }));
}

/** The messages of the issues at `path`. */
export function messagesAt(schema: z.ZodType, value: unknown, path: string): string[] {
  return issuesOf(schema, value)
    .filter((issue) => issue.path === path)
    .map((issue) => issue.message);
}
