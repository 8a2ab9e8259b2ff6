// The one JSON shape of every API answer (assumptions A1, A2), and the traceid each request carries.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

type ErrorBody = { code: number; msg: string; traceid: string; data: null };

export function errorBody(traceid: string, code: number, msg: string): ErrorBody {
  return { code, msg, traceid, data: null };
}

/** Sends the error shape; business refusals are HTTP 200 (A1), transport problems pass their status. */
export function refuse(reply: FastifyReply, code: number, msg: string, httpStatus = 200): FastifyReply {
  return reply.code(httpStatus).send(errorBody(reply.request.id, code, msg));
}

/**
 * Unique per request without a random draw each time: a random per-process prefix and a counter. The
 * prefix keeps traceids apart across restarts of a sandbox that keeps its state in a file.
 */
export function traceIdGenerator(): () => string {
  const prefix = randomBytes(9).toString('base64url');
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}${counter.toString(36).padStart(6, '0')}`;
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
