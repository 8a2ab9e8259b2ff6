// startSandbox: the Fastify server of the sandbox gateway. Every answer of the API, including a wrong
// Content-Type, a body that does not parse, an unknown path and an oversized body, has the JSON shape of
// assumption A2; HTTP statuses follow A1.
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { RESULT_CODE } from '@shared/gateway/result-codes';
import { SERVER_LIMITS, type ServerLimits, timeoutCheckInterval } from '@shared/server-limits';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { CallbackSender } from './callbacks';
import { FORM_TYPE, parseForm } from './content-types';
import type { SandboxContext } from './context';
import { DEFAULT_MERCHANT, type SandboxMerchant } from './merchants';
import { errorBody, refuse, traceIdGenerator } from './replies';
import { registerBrowserRoutes } from './routes-3ds';
import { registerInspectionRoutes } from './routes-inspect';
import { registerKycRoutes } from './routes-kyc';
import { PAYIN_BODY_LIMIT, registerPayInRoutes } from './routes-payin';
import { SandboxStore } from './store';

export type SandboxOptions = {
  /** 0 (the default) picks a free port; `url` tells which. */
  port?: number;
  /** Loopback by default: the sandbox is for one machine. */
  host?: string;
  merchants?: readonly SandboxMerchant[];
  /** A SQLite file that keeps the state across restarts; in memory when absent. */
  dataFile?: string;
  /** First wait between callback attempts, doubled each time (A12: 1000 ms). */
  callbackBackoffMs?: number;
  /**
   * A CA (PEM) the notifications trust beside the system's, for an https `callBackURL` (tests: the CA made
   * at test time for nginx in front of the notification service).
   */
  callbackCa?: string;
  /** How long the 500.02 fault amount holds its answer (35 000 ms). */
  slowFaultDelayMs?: number;
  /** Fastify's request log to stdout; off by default, it costs throughput. */
  logger?: boolean;
  /**
   * When given, the inspection endpoints (/_sandbox/orders, /_sandbox/kyc) answer only a caller that sends
   * it as a bearer token. The embedded sandbox always sets one.
   */
  inspectionToken?: string;
  /** Tighter limits than SERVER_LIMITS (tests). */
  limits?: Partial<ServerLimits>;
};

export type Sandbox = {
  url: string;
  port: number;
  /** The token inspection needs, when the sandbox was started with one. */
  inspectionToken: string | undefined;
  close: () => Promise<void>;
};

type Classified = { status: number; code: number; msg: string };

function classify(error: FastifyError): Classified {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        code: RESULT_CODE.BODY_TOO_LARGE,
        msg: 'body: Larger than this endpoint accepts.',
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: RESULT_CODE.UNSUPPORTED_CONTENT_TYPE,
        msg: 'Content-Type is not accepted here.',
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        code: RESULT_CODE.MALFORMED_BODY,
        msg: 'body: Empty; a JSON object was expected.',
      };
  }
  const status = error.statusCode ?? 500;
  if (error instanceof SyntaxError || (status === 400 && error.code?.startsWith('FST_ERR_CTP'))) {
    return { status: 400, code: RESULT_CODE.MALFORMED_BODY, msg: 'body: Does not parse.' };
  }
  if (status >= 400 && status < 500) {
    return { status, code: RESULT_CODE.MALFORMED_BODY, msg: 'The request cannot be read.' };
  }
  return { status: 500, code: RESULT_CODE.INTERNAL_ERROR, msg: 'Internal error.' };
}

function buildApp(
  ctx: SandboxContext,
  newTraceId: () => string,
  options: { logger: boolean; inspectionToken: string | undefined; limits: ServerLimits },
): FastifyInstance {
  const { limits } = options;
  const app = Fastify({
    logger: options.logger,
    // Node's server enforces these only at its checking interval: set them where it is made.
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: limits.requestTimeoutMs,
          headersTimeout: limits.headersTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: timeoutCheckInterval(limits),
        },
        handler,
      ),
    bodyLimit: PAYIN_BODY_LIMIT,
    genReqId: newTraceId,
    // Close in-flight and keep-alive connections on close(): a test's afterAll must not wait for them.
    forceCloseConnections: true,
    return503OnClosing: false,
    frameworkErrors: (error, request, reply) => {
      const { status, code, msg } = classify(error);
      // Fastify's generic reply type cannot be narrowed here; the raw response takes the same body.
      reply.hijack();
      reply.raw
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(errorBody(request.id, code, msg)));
    },
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      const body = JSON.stringify(
        errorBody(newTraceId(), RESULT_CODE.MALFORMED_BODY, 'The request cannot be read.'),
      );
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    },
  });

  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8')));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const classified = classify(error);
    if (classified.status >= 500) request.log.error({ err: error }, 'sandbox internal error');
    reply.code(classified.status).send(errorBody(request.id, classified.code, classified.msg));
  });

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    refuse(
      reply,
      RESULT_CODE.NOT_FOUND,
      `No such endpoint: ${request.method} ${request.url.split('?', 1)[0]}.`,
      404,
    );
  app.setNotFoundHandler(notFound);
  // Answer an unknown path before its body is parsed, so that it is a 404 whatever the body holds.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404) {
      notFound(request, reply);
      return;
    }
    done();
  });

  registerPayInRoutes(app, ctx);
  registerKycRoutes(app, ctx);
  registerBrowserRoutes(app, ctx);
  registerInspectionRoutes(app, ctx, options.inspectionToken);
  app.server.maxConnections = limits.maxConnections;
  return app;
}

function hostForUrl(address: string): string {
  if (address === '0.0.0.0' || address === '::') return '127.0.0.1';
  return address.includes(':') ? `[${address}]` : address;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const merchants = new Map((options.merchants ?? [DEFAULT_MERCHANT]).map((m) => [m.merchantId, m]));
  const store = new SandboxStore(options.dataFile ?? ':memory:');
  const newTraceId = traceIdGenerator();
  const shutdown = new AbortController();
  const callbacks = new CallbackSender({
    store,
    merchants,
    backoffMs: options.callbackBackoffMs ?? 1000,
    newTraceId,
    ...(options.callbackCa && { ca: options.callbackCa }),
  });
  const ctx: SandboxContext = {
    store,
    merchants,
    callbacks,
    secretKey: store.secretKey(),
    slowFaultDelayMs: options.slowFaultDelayMs ?? 35_000,
    shutdown: shutdown.signal,
    baseUrl: '',
  };
  const app = buildApp(ctx, newTraceId, {
    logger: options.logger ?? false,
    inspectionToken: options.inspectionToken,
    limits: { ...SERVER_LIMITS, ...options.limits },
  });
  const host = options.host ?? '127.0.0.1';
  try {
    await app.listen({ port: options.port ?? 0, host });
  } catch (error) {
    store.close();
    throw error;
  }
  const address = app.server.address() as AddressInfo;
  ctx.baseUrl = `http://${hostForUrl(address.address)}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    url: ctx.baseUrl,
    port: address.port,
    inspectionToken: options.inspectionToken,
    close: () => {
      closing ??= (async () => {
        shutdown.abort();
        callbacks.close();
        await app.close();
        store.close();
      })();
      return closing;
    },
  };
}
