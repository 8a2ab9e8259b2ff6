// The notification service bench's peer: Fastify as the service configures it, answering POST /callback
// with 200 after reading the body as text, and doing nothing else (no parse, no signature, no database).
// The service's rate over this one's, behind the same nginx, is what the service's own work costs.
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 16_384, keepAliveTimeout: 75_000 });
app.removeAllContentTypeParsers();
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
  done(null, body),
);
app.post('/callback', async (_request, reply) => reply.code(200).send({ ok: true }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`Bare notification server listening on ${url}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
