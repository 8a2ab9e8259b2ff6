// The crash drill's invariant, checked after every restart: Paydesk's history and the gateway agree. Every
// history row has the state the gateway's order shows (a row Paydesk could not finish is outcome_unknown,
// never pending and never missing), every order at the gateway belongs to exactly one row, no customer was
// charged twice, and every pay-in request that reached the network has its row.

import type { PayInRow } from '@shared/history';
import type { PayInStatus } from '@shared/payin-lifecycle';
import { expect } from 'vitest';
import { allOrders, type GatewayOrder } from '../sandbox/gateway-inspection';
import { userIdOfRequest } from './payin-attempts';
import type { TcpProxy } from './tcp-proxy';

type GatewayStatus = GatewayOrder['status'];

/** What the gateway must hold for a row in each status: how many orders, and in which state. */
const EXPECTED: Record<PayInStatus, { orders: readonly number[]; status?: GatewayStatus }> = {
  pending: { orders: [] },
  approved: { orders: [1], status: 'COMPLETED' },
  declined: { orders: [1], status: 'DECLINED' },
  action_required: { orders: [1], status: 'PROCESSING' },
  processing: { orders: [1], status: 'PROCESSING' },
  // The browser came back and the gateway's confirmation is awaited: the order exists, in whatever state.
  awaiting_confirmation: { orders: [1] },
  conflict: { orders: [0, 1] },
  refused: { orders: [0] },
  not_sent: { orders: [0] },
  outcome_unknown: { orders: [0, 1] },
};

interface Disagreement {
  what: string;
  detail: unknown;
}

/** Every way history and gateway disagree right now; empty when they agree. */
export async function disagreements(options: {
  rows: PayInRow[];
  gatewayUrl: string;
  merchantId: number;
  proxy: TcpProxy;
}): Promise<Disagreement[]> {
  const { rows } = options;
  const found: Disagreement[] = [];
  const orders = await allOrders(options.gatewayUrl, options.merchantId);
  const ordersOf = (merchantTradeNo: string) =>
    orders.filter((order) => order.merchantTradeNo === merchantTradeNo);

  for (const row of rows) {
    const mine = ordersOf(row.merchantTradeNo);
    const expected = EXPECTED[row.status];
    if (row.status === 'pending') found.push({ what: 'a row is still pending after a restart', detail: row });
    if (!expected.orders.includes(mine.length) || (expected.status && mine[0]?.status !== expected.status)) {
      found.push({
        what: `a ${row.status} row does not match the gateway`,
        detail: {
          row: summary(row),
          gateway: mine.map((order) => ({ status: order.status, fault: order.fault })),
        },
      });
    }
  }
  for (const order of orders) {
    const owners = rows.filter((row) => row.merchantTradeNo === order.merchantTradeNo);
    if (owners.length !== 1) {
      found.push({
        what: `an order at the gateway has ${owners.length} history rows (expected exactly one)`,
        detail: { merchantTradeNo: order.merchantTradeNo, userId: order.userId, status: order.status },
      });
    }
  }
  const perCustomer = new Map<string, GatewayOrder[]>();
  for (const order of orders)
    perCustomer.set(order.userId, [...(perCustomer.get(order.userId) ?? []), order]);
  for (const [userId, charged] of perCustomer) {
    if (charged.length > 1) {
      found.push({
        what: 'a customer was charged more than once',
        detail: { userId, orders: charged.map((order) => order.merchantTradeNo) },
      });
    }
  }
  const rowUsers = new Set(rows.map((row) => row.userId));
  for (const connection of options.proxy.connections) {
    if (!connection.requestComplete) continue;
    const userId = userIdOfRequest(connection.requestLine(), connection.requestBody());
    if (userId !== undefined && !rowUsers.has(userId)) {
      found.push({ what: 'a pay-in request reached the network but has no history row', detail: { userId } });
    }
  }
  return found;
}

function summary(row: PayInRow) {
  const { id, status, merchantTradeNo, userId, amount, apiVersion, note } = row;
  return { id, status, merchantTradeNo, userId, amount, apiVersion, note: note?.message };
}

export function expectAgreement(found: Disagreement[], label: string): void {
  expect(found, `${label}: history and gateway disagree`).toEqual([]);
}
