// The sandbox throughput bench's peer: Fastify with the same settings as the sandbox, answering
// POST /openapi/v2/pwpp with a fixed approval of the same shape and doing nothing else. The ratio of the
// two is what the sandbox's own work (validation, card checks, SQLite, signing) costs per request.
import Fastify from 'fastify';

const app = Fastify({ logger: false, forceCloseConnections: true });
let sequence = 0;
// The body is parsed (Fastify's JSON parser, as in the sandbox) and then ignored.
app.post('/openapi/v2/pwpp', async () => {
  sequence += 1;
  return {
    code: 0,
    msg: 'Approved.',
    traceid: `bare-${sequence}`,
    data: { orderId: `B${String(sequence).padStart(12, '0')}`, orderStatus: 2, status: 'COMPLETED' },
  };
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`Bare server listening on ${url}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
