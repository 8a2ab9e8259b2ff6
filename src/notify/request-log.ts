// One JSON line per request, through Fastify's own logger (pino), and the answers' metric from the same
// place: what the request was (method, path without its query), its status and time, and what the service
// made of it (reason; merchant, order number and status for a notification). Never a body, a signature, a
// header or a query string: a return page's query is the bank's, and may say anything.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnswerReason, NotifyMetrics } from './metrics';

interface Outcome {
  reason: AnswerReason;
  merchantId?: number;
  merchantTradeNo?: string;
  orderStatus?: number | null;
  repeat?: boolean | 'unknown';
  /** Why the database was unavailable (PostgreSQL's SQLSTATE and message, or the socket's error code). */
  why?: string;
}

const outcomes = new WeakMap<FastifyRequest, Outcome>();

export function noteOutcome(request: FastifyRequest, outcome: Outcome): void {
  outcomes.set(request, outcome);
}

const MESSAGE: Partial<Record<AnswerReason, string>> = {
  stored: 'notification stored',
  database_unavailable: 'notification not stored: database unavailable',
  malformed: 'notification refused',
  bad_signature: 'notification refused',
  unknown_merchant: 'notification refused',
  oversized: 'notification refused',
  unsupported_media_type: 'notification refused',
  internal: 'notification failed',
};

export function logEachRequest(app: FastifyInstance, metrics: NotifyMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const outcome =
      outcomes.get(request) ??
      ({
        reason: status === 404 ? 'not_found' : request.routeOptions.url === '/health' ? 'health' : 'page',
      } satisfies Outcome);
    metrics.answered(status, outcome.reason);
    const line = {
      method: request.method,
      path: request.url.split('?')[0]?.slice(0, 200),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...outcome,
    };
    const message = MESSAGE[outcome.reason] ?? 'request';
    if (status >= 500) request.log.error(line, message);
    else if (status >= 400) request.log.warn(line, message);
    else request.log.info(line, message);
  });
}
