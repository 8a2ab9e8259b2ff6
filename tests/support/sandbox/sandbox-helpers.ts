// Request builders shared by the sandbox integration tests: real bodies, signed as a merchant would.

import type { KycRecord } from '@shared/gateway/kyc';
import { signBody } from '../../../src/node/sign';
import { DEFAULT_MERCHANT } from '../../../src/sandbox';
import { SAMPLE_CUSTOMER } from '../app/sample-customer';

export const MERCHANT_ID = DEFAULT_MERCHANT.merchantId;
export const SECRET = DEFAULT_MERCHANT.secret;

let sequence = 0;
/** A merchantTradeNo no other test uses. */
export function tradeNo(label = 'order'): string {
  sequence += 1;
  return `${label}-${process.pid}-${Date.now()}-${sequence}`;
}

/** An expiry two years ahead, whatever today is. */
function futureExpiry(): string {
  const year = (new Date().getUTCFullYear() + 2) % 100;
  return `12/${String(year).padStart(2, '0')}`;
}

export type Body = Record<string, unknown>;

/** The sample customer (tests/support/app/sample-customer.ts) as these requests send it, with a card that has not expired. */
function customer() {
  return {
    ...SAMPLE_CUSTOMER,
    userId: 'user-1',
    mobile: '5550123456',
    addressLine: '12 Analytical Row',
    expDate: futureExpiry(),
    amount: '25.00',
  };
}

export function v2Body(overrides: Body = {}): Body {
  return {
    merchantId: MERCHANT_ID,
    merchantTradeNo: tradeNo('v2'),
    ...customer(),
    ...overrides,
  };
}

/** A v1 form body with its sign; `undefined` values are left out, `sign` can be overridden. */
export function v1Form(overrides: Record<string, string | undefined> = {}, secret = SECRET): string {
  const fields: Record<string, string> = {};
  const base: Record<string, string | undefined> = {
    merchantId: String(MERCHANT_ID),
    merchantTradeNo: tradeNo('v1'),
    ...customer(),
    email: 'ada@example.com',
    iddCode: '44',
    currency: 'GBP',
    ...overrides,
  };
  for (const [name, value] of Object.entries(base))
    if (value !== undefined && name !== 'sign') fields[name] = value;
  const sign = 'sign' in overrides ? overrides.sign : signBody(fields, secret, 'hmac-sha256');
  return new URLSearchParams(sign === undefined ? fields : { ...fields, sign }).toString();
}

export type GatewayAnswer = {
  status: number;
  contentType: string;
  json: {
    code: number;
    msg: string;
    traceid: string;
    data: Record<string, unknown> | null;
  };
};

async function readAnswer(response: Response): Promise<GatewayAnswer> {
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  return { status: response.status, contentType, json: JSON.parse(text) };
}

export async function postJson(baseUrl: string, path: string, body: unknown): Promise<GatewayAnswer> {
  return readAnswer(
    await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

export async function postRaw(
  baseUrl: string,
  path: string,
  body: string,
  contentType: string | undefined,
): Promise<GatewayAnswer> {
  return readAnswer(
    await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: contentType ? { 'content-type': contentType } : {},
      body,
    }),
  );
}

export async function postForm(baseUrl: string, path: string, form: string): Promise<GatewayAnswer> {
  return postRaw(baseUrl, path, form, 'application/x-www-form-urlencoded');
}

export async function payV2(baseUrl: string, overrides: Body = {}): Promise<GatewayAnswer> {
  return postJson(baseUrl, '/openapi/v2/pwpp', v2Body(overrides));
}

/** Where the 3-D Secure page a pay-in's answer carries (its htmlSource form) posts the customer's code. */
export function acsUrlOf(answer: GatewayAnswer): string {
  return /action="([^"]+)"/.exec(String(answer.json.data!.htmlSource))![1]!;
}

/** The challenge at `acsUrl` answered with the sandbox's pass code, as the customer's browser posts it. */
export function passChallenge(acsUrl: string): Promise<Response> {
  return fetch(acsUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'code=1234',
    redirect: 'manual',
  });
}

type InspectedOrder = {
  orderId: string;
  merchantTradeNo: string;
  amount: string;
  orderStatus: number;
  status: string;
  remark: string;
  fault: string | null;
  ccStorageID: string | null;
  card: { masked: string; brand: string; testOutcome: string };
  callbacks: { attempt: number; httpStatus: number | null; error: string | null; delivered: boolean }[];
};

export async function inspectOrders(baseUrl: string, merchantTradeNo: string): Promise<InspectedOrder[]> {
  const response = await fetch(
    `${baseUrl}/_sandbox/orders?merchantTradeNo=${encodeURIComponent(merchantTradeNo)}`,
  );
  const body = (await response.json()) as { data: { orders: InspectedOrder[] } };
  return body.data.orders;
}

export function kycRecord(overrides: Partial<KycRecord> = {}): KycRecord {
  return {
    userId: 'kyc-user-1',
    firstName: 'Grace',
    lastName: 'Hopper',
    birthday: '1980-05-17',
    gender: 'female',
    country: 'US',
    iddCode: '1',
    personalCode: '5550001',
    certificateDateStart: '2020-01-01',
    certificateDateEnd: '2030-01-01',
    email: 'grace@example.com',
    mobile: '2025550143',
    idCardUrls: ['https://files.example.com/id/grace-front.png'],
    ...overrides,
  };
}

export function signedKyc(records: unknown[], merchantId = MERCHANT_ID, secret = SECRET): Body {
  const unsigned = { merchantId, data: records };
  return { ...unsigned, sign: signBody(unsigned, secret, 'hmac-sha256') };
}

/** Polls until `check` returns a value; the wait is bounded by the test's own timeout. */
export async function eventually<T>(check: () => Promise<T | undefined>, intervalMs = 20): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
