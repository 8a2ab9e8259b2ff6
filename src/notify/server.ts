// The notification service's HTTP side. POST /callback: the gateway's notification, parsed with the shared
// schema, verified with the merchant's secret(s), stored with its raw body, and answered 2xx only once
// PostgreSQL has committed it — a repeat is stored once and answered 2xx too. Refused (4xx, counted,
// sampled, never stored): a body that is not the notification, an unknown merchant, a bad signature, a
// body too large or not JSON. PostgreSQL down or slow: 503 within the configured bound, so that the
// gateway's own retry brings it again. Also the return pages, GET /health, and the administrator's
// GET /rejections on a loopback listener of its own. No state but the database: run as many as needed.
import { paymentCallbackSchema } from '@shared/gateway/callback';
import type { SignAlgorithm } from '@shared/gateway/sign-algorithm';
import { NOTIFICATION_SERVICE_PATHS, type ServiceHealth } from '@shared/notification-service';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { verifyBodySignature } from '../node/sign';
import type { NotifyConfig } from './config';
import { createNotifyMetrics, type NotifyMetrics } from './metrics';
import { type RejectionReason, Rejections } from './rejections';
import { logEachRequest, noteOutcome } from './request-log';
import { RETURN_PATHS, returnPages as returnPagesIn } from './return-page';
import type { NotifySecrets } from './secrets';
import { createNotificationStore, DatabaseUnavailable, type NotificationStore } from './store';
import { NOTIFY_VERSION } from './version';

// The paths and the health answer are the desks' contract with the service: one definition, in src/shared.
const CALLBACK_PATH = NOTIFICATION_SERVICE_PATHS.callBackURL;
const HEALTH_PATH = NOTIFICATION_SERVICE_PATHS.health;
const SERVICE_NAME: ServiceHealth['service'] = 'paydesk-notify';
/** What a 503 asks the gateway to wait before its retry (seconds). */
const RETRY_AFTER_SECONDS = 5;
/** How long a stop waits for requests under way (each bounded by database.timeoutMs) before cutting. */
const STOP_GRACE_MS = 7_000;

const STATUS_OF: Record<RejectionReason, number> = {
  malformed: 400,
  bad_signature: 401,
  unknown_merchant: 403,
  oversized: 413,
  unsupported_media_type: 415,
};

interface NotifyService {
  /** The service's own address (http, behind the TLS terminator). */
  url: string;
  /** The administrator's listener, when configured. */
  adminUrl: string | undefined;
  rejections: Rejections;
  /** Stops gracefully: requests under way are answered; connections still open after graceMs are cut. */
  close(graceMs?: number): Promise<void>;
}

type MerchantKey = { secret: string; algorithm: SignAlgorithm };

export async function startNotifyService(
  config: NotifyConfig,
  secrets: NotifySecrets,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<NotifyService> {
  const secretOf = (name: string) => {
    const value = secrets.get(name);
    if (value === undefined) throw new Error(`The credential "${name}" was not loaded.`);
    return value;
  };
  const keys = new Map<number, MerchantKey[]>();
  for (const merchant of config.merchants) {
    const list = keys.get(merchant.merchantId) ?? [];
    list.push({ secret: secretOf(merchant.secretCredential), algorithm: merchant.signAlgorithm });
    keys.set(merchant.merchantId, list);
  }
  const metrics: NotifyMetrics = createNotifyMetrics({
    waiting: () => store.waiting(),
    reachable: () => store.reachable(),
  });
  const store = createNotificationStore(config.database, secretOf(config.database.passwordCredential), {
    batch: (size) => metrics.batch(size),
    stored: () => metrics.stored(),
  });
  const rejections = new Rejections();
  const logger = {
    level: config.logLevel,
    base: { service: SERVICE_NAME },
    ...(options.logStream ? { stream: options.logStream } : {}),
  };

  const app = Fastify({
    logger,
    // One line per request (request-log.ts), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    // A client that trickles its request is cut off; nginx in front keeps its own connections alive.
    requestTimeout: 15_000,
    keepAliveTimeout: 75_000,
    // While stopping, a request that comes on a connection already open is served as usual, and told
    // Connection: close (below); a 503 would cost the gateway a retry that the other instance can spare it.
    return503OnClosing: false,
  });
  let stopping = false;
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ ok: false, error: 'not found' }));

  logEachRequest(app, metrics);
  await app.register(async (scope) => callbackRoute(scope, keys, store, rejections, metrics));
  await app.register(async (scope) => returnPages(scope, config.returnPage.frameAncestors));
  app.get(HEALTH_PATH, async (_request, reply) => {
    const reachable = await store.reachable();
    const health: ServiceHealth = {
      service: SERVICE_NAME,
      database: reachable ? 'reachable' : 'unreachable',
      version: NOTIFY_VERSION,
    };
    return reply
      .code(reachable ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(health);
  });

  let admin: FastifyInstance | undefined;
  try {
    await app.listen({ host: config.listen.host, port: config.listen.port });
    if (config.admin) {
      admin = Fastify({ logger: false });
      admin.get('/metrics', async (_request, reply) =>
        reply
          .header('content-type', metrics.registry.contentType)
          .header('cache-control', 'no-store')
          .send(await metrics.render()),
      );
      admin.get('/rejections', async (_request, reply) =>
        reply.header('cache-control', 'no-store').send(rejections.snapshot()),
      );
      await admin.listen({ host: config.admin.host, port: config.admin.port });
    }
  } catch (error) {
    await app.close();
    await admin?.close();
    await store.close();
    throw error;
  }
  return {
    url: listeningUrl(app),
    adminUrl: admin ? listeningUrl(admin) : undefined,
    rejections,
    async close(graceMs = STOP_GRACE_MS) {
      // No new connection (nginx's next one goes to another instance); the idle ones closed, and each busy
      // one after its answer (Connection: close): a keep-alive connection kept open by nginx's pool would
      // hold the process for keepAliveTimeout. Requests under way finish, and are answered, before the pool
      // goes; what is still open after graceMs is cut.
      stopping = true;
      const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
      try {
        await admin?.close();
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await store.close();
    },
  };
}

function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The service is not listening on TCP.');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

async function callbackRoute(
  scope: FastifyInstance,
  keys: ReadonlyMap<number, MerchantKey[]>,
  store: NotificationStore,
  rejections: Rejections,
  metrics: NotifyMetrics,
): Promise<void> {
  // The body as received, as text: it is what is stored, and what each desk verifies again (A12: JSON).
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    reason: RejectionReason,
    raw: string,
    about: { merchantId?: number; merchantTradeNo?: string } = {},
  ) {
    rejections.record(reason, raw, about);
    noteOutcome(request, { reason, ...about });
    return reply.code(STATUS_OF[reason]).send({ ok: false, error: reason });
  }

  scope.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuse(request, reply, 'oversized', '');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return refuse(request, reply, 'unsupported_media_type', '');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return refuse(request, reply, 'malformed', '');
    noteOutcome(request, { reason: 'internal', why: error.code ?? 'unknown' });
    return reply.code(500).send({ ok: false, error: 'internal' });
  });

  scope.post(CALLBACK_PATH, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return refuse(request, reply, 'malformed', raw);
    }
    const parsed = paymentCallbackSchema.safeParse(json);
    if (!parsed.success) return refuse(request, reply, 'malformed', raw);
    const callback = parsed.data;
    const about = { merchantId: callback.merchantId, merchantTradeNo: callback.merchantTradeNo };
    const candidates = keys.get(callback.merchantId);
    if (!candidates) return refuse(request, reply, 'unknown_merchant', raw, about);
    if (!candidates.some((key) => verifyBodySignature(callback, key.secret, key.algorithm))) {
      return refuse(request, reply, 'bad_signature', raw, about);
    }
    const started = process.hrtime.bigint();
    const took = () => metrics.storeTime(Number(process.hrtime.bigint() - started) / 1e9);
    try {
      const { inserted } = await store.store({
        merchantId: callback.merchantId,
        merchantTradeNo: callback.merchantTradeNo,
        orderId: callback.orderId,
        orderStatus: callback.orderStatus,
        contentType: String(request.headers['content-type'] ?? 'application/json').slice(0, 200),
        rawBody: raw,
      });
      took();
      noteOutcome(request, {
        reason: 'stored',
        ...about,
        orderStatus: callback.orderStatus,
        repeat: inserted === undefined ? 'unknown' : !inserted,
      });
      return reply.code(200).send({ ok: true });
    } catch (error) {
      if (!(error instanceof DatabaseUnavailable)) throw error;
      took();
      noteOutcome(request, { reason: 'database_unavailable', ...about, why: error.message });
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ ok: false, error: 'database unavailable' });
    }
  });
}

async function returnPages(scope: FastifyInstance, frameAncestors: readonly string[]): Promise<void> {
  const pages = returnPagesIn(frameAncestors);
  // A bank may POST a form to the return address: whatever it sends is read and dropped, never echoed.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 65_536 }, (_request, _body, done) =>
    done(null),
  );
  for (const path of RETURN_PATHS) {
    scope.route({
      method: ['GET', 'POST'],
      url: path,
      handler: async (request, reply) => {
        const page = pages.pageFor(request.headers['accept-language']);
        return reply.code(200).headers(page.headers).send(page.html);
      },
    });
  }
}
