// The gateway side of a drill: the sandbox with a merchant of its own (a fresh random secret, so that finding
// it anywhere on disk means it leaked), behind the fault proxy, and the Paydesk profile that points at it.
import { randomBytes } from 'node:crypto';
import type { ProfileInput } from '@shared/profile';
import { type Sandbox, startSandbox } from '../../../src/sandbox';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const DRILL_MERCHANT_ID = 700_001;
export const DRILL_PROFILE_ID = 'drill-gateway';

export interface DrillGateway {
  sandbox: Sandbox;
  proxy: TcpProxy;
  merchantId: number;
  secret: string;
  close(): Promise<void>;
}

export async function startDrillGateway(options: {
  dataFile?: string;
  slowFaultDelayMs: number;
}): Promise<DrillGateway> {
  const secret = `drill-secret-${randomBytes(16).toString('hex')}`;
  const sandbox = await startSandbox({
    port: 0,
    merchants: [{ merchantId: DRILL_MERCHANT_ID, secret, algorithm: 'hmac-sha256' }],
    slowFaultDelayMs: options.slowFaultDelayMs,
    callbackBackoffMs: 5,
    ...(options.dataFile !== undefined && { dataFile: options.dataFile }),
  });
  const proxy = await startTcpProxy({ port: sandbox.port });
  return {
    sandbox,
    proxy,
    merchantId: DRILL_MERCHANT_ID,
    secret,
    async close() {
      await proxy.close();
      await sandbox.close();
    },
  };
}

/** A "test" profile (not the embedded sandbox) whose pay-ins and KYC batches go through the proxy. */
export function drillProfile(
  proxy: TcpProxy,
  timeouts: { connectTimeoutMs: number; requestTimeoutMs: number },
): ProfileInput {
  return {
    id: DRILL_PROFILE_ID,
    name: 'Drill gateway',
    environment: 'test',
    embeddedSandbox: false,
    baseUrl: proxy.url,
    kycBaseUrl: proxy.url,
    merchantId: DRILL_MERCHANT_ID,
    signAlgorithm: 'hmac-sha256',
    displayCurrency: 'EUR',
    ...timeouts,
  };
}
