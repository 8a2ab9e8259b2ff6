// What the sandbox gateway holds, read through its inspection endpoints (README: "Inspection"): the
// drills compare Paydesk's history against this, never against Paydesk's own idea of what happened.

export interface GatewayOrder {
  orderId: string;
  merchantId: number;
  merchantTradeNo: string;
  userId: string;
  amount: string;
  orderStatus: number;
  status: 'PROCESSING' | 'COMPLETED' | 'DECLINED';
  fault: string | null;
  card: { masked: string };
}

interface GatewayKycRecord {
  userId: string;
  acceptedAt: string;
  traceid: string;
}

/** The inspection endpoint lists at most this many orders per query. */
const INSPECTION_PAGE = 100;

/** A sandbox's address, with the inspection token it was started with (the embedded one has one). */
type Inspectable = string | { url: string; inspectionToken: string | undefined };

async function inspect<T>(sandbox: Inspectable, path: string): Promise<T> {
  const { url: baseUrl, inspectionToken } =
    typeof sandbox === 'string' ? { url: sandbox, inspectionToken: undefined } : sandbox;
  const response = await fetch(new URL(path, baseUrl), {
    headers: inspectionToken ? { authorization: `Bearer ${inspectionToken}` } : {},
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`sandbox inspection ${path}: ${body.msg}`);
  return body.data;
}

export async function ordersByTradeNo(
  baseUrl: Inspectable,
  merchantTradeNo: string,
): Promise<GatewayOrder[]> {
  const query = new URLSearchParams({ merchantTradeNo });
  return (await inspect<{ orders: GatewayOrder[] }>(baseUrl, `/_sandbox/orders?${query}`)).orders;
}

/** Every order of a merchant; throws when the listing may be cut short, so a check can never miss one. */
export async function allOrders(baseUrl: Inspectable, merchantId: number): Promise<GatewayOrder[]> {
  const { orders } = await inspect<{ orders: GatewayOrder[] }>(
    baseUrl,
    `/_sandbox/orders?merchantId=${merchantId}`,
  );
  if (orders.length >= INSPECTION_PAGE) {
    throw new Error(`the sandbox lists ${orders.length} orders, its page size: the drill made too many`);
  }
  return orders;
}

export async function kycRecords(baseUrl: Inspectable, merchantId: number): Promise<GatewayKycRecord[]> {
  return (await inspect<{ records: GatewayKycRecord[] }>(baseUrl, `/_sandbox/kyc?merchantId=${merchantId}`))
    .records;
}
