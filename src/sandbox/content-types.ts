// Per-route Content-Type rules (section 4 rule 1) and the form-body parser v1 and the bank pages use.

import { RESULT_CODE } from '@shared/gateway/result-codes';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { refuse } from './replies';

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';

function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * An onRequest hook: refuses before the body is read, so a form body never reaches the JSON route (or
 * the reverse) through Fastify's shared parsers.
 */
export function requireContentType(expected: string) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (mediaTypeOf(request.headers['content-type']) === expected) {
      done();
      return;
    }
    refuse(reply, RESULT_CODE.UNSUPPORTED_CONTENT_TYPE, `Content-Type must be ${expected}.`, 415);
  };
}

/**
 * A repeated name keeps all its values, so that the schema refuses it ("Must be text.") instead of one
 * value silently winning. Object.fromEntries defines own properties, so `__proto__` stays a plain name.
 */
export function parseForm(body: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields.get(name);
    if (seen === undefined) fields.set(name, value);
    else fields.set(name, Array.isArray(seen) ? [...seen, value] : [seen, value]);
  }
  return Object.fromEntries(fields);
}
