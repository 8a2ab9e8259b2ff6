// The sender of bench:notify's lag phase, in a Node process of its own (notify-desk-lag.ts forks it): each
// signed notification posted over https through nginx at its moment (open loop, `rate` a second), and the
// moment its 2xx arrived, in ms since the epoch (performance.timeOrigin + now(), comparable with the
// desk's process). Apart from the desk so that the desk's work does not delay the answer's timing.
import { Agent, request } from 'node:https';

export interface SenderJob {
  url: string;
  caPem: string;
  bodies: string[];
  rate: number;
}

/** Per body, when its 2xx arrived (epoch ms), or null for another answer. */
export type SenderResult = { answeredAt: (number | null)[] };

const epochNow = () => performance.timeOrigin + performance.now();

function post(agent: Agent, url: URL, body: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const at = epochNow();
        const status = response.statusCode ?? 0;
        response.resume();
        response.on('end', () => resolve(status >= 200 && status < 300 ? at : null));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

process.once('message', async (job: SenderJob) => {
  const agent = new Agent({ ca: job.caPem, keepAlive: true, maxSockets: 16 });
  const url = new URL('/callback', job.url);
  const start = performance.now();
  const answeredAt = await Promise.all(
    job.bodies.map(async (body, index) => {
      const due = start + (index * 1000) / job.rate;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      return post(agent, url, body).catch(() => null);
    }),
  );
  agent.destroy();
  process.send?.({ answeredAt } satisfies SenderResult, () => process.exit(0));
});
