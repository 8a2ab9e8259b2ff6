// What the KYC crash drill reads off the wire: each submitKYC request that passed the proxy, the userIds
// it carried, and whether Paydesk ever got the gateway's answer to it.
import type { ProxiedConnection, TcpProxy } from './tcp-proxy';

interface KycSend {
  connection: number;
  userIds: string[];
  /** The gateway's whole answer reached Paydesk. */
  answered: boolean;
  /** The gateway answered, but the proxy kept the answer from Paydesk (a lost answer). */
  answerLost: boolean;
}

function isKyc(connection: ProxiedConnection): boolean {
  return connection.requestLine().includes('/openapi/v1/submitKYC');
}

function kycSends(proxy: TcpProxy): KycSend[] {
  return proxy.connections.filter(isKyc).flatMap((connection) => {
    if (!connection.requestComplete) return [];
    const body = JSON.parse(connection.requestBody()) as { data?: { userId?: string }[] };
    return [
      {
        connection: connection.index,
        userIds: (body.data ?? []).flatMap((record) => (record.userId ? [record.userId] : [])),
        answered: connection.delivered,
        answerLost: connection.responseComplete && !connection.delivered,
      },
    ];
  });
}

/** The userIds whose acceptance Paydesk heard of: the records it must never offer again. */
export function answeredUserIds(proxy: TcpProxy): Set<string> {
  return new Set(kycSends(proxy).flatMap((send) => (send.answered ? send.userIds : [])));
}

/** KYC requests held by the proxy whose answer the gateway has already written. */
export function lostAnswers(proxy: TcpProxy, since: number): number {
  return proxy.connections.filter(
    (connection) =>
      connection.index >= since && isKyc(connection) && connection.responseComplete && !connection.delivered,
  ).length;
}

/**
 * Records sent more often than a lost answer explains: a userId may go out again only after a send whose
 * answer was lost, and must be answered exactly once.
 */
export function sentTwice(
  proxy: TcpProxy,
): { userId: string; sends: { connection: number; answered: boolean }[] }[] {
  const history = new Map<string, { connection: number; answered: boolean; lost: boolean }[]>();
  for (const send of kycSends(proxy)) {
    for (const userId of send.userIds) {
      history.set(userId, [
        ...(history.get(userId) ?? []),
        { connection: send.connection, answered: send.answered, lost: send.answerLost },
      ]);
    }
  }
  const wrong: { userId: string; sends: { connection: number; answered: boolean }[] }[] = [];
  for (const [userId, sends] of history) {
    const answered = sends.filter((send) => send.answered).length;
    const explained = sends.slice(0, -1).every((send) => send.lost);
    if (answered > 1 || !explained) {
      wrong.push({
        userId,
        sends: sends.map(({ connection, answered: heard }) => ({ connection, answered: heard })),
      });
    }
  }
  return wrong;
}
