// Limits of the two loopback HTTP servers Paydesk runs (the return listener and the embedded sandbox), so
// that one slow or greedy local client cannot hold them: the whole request within 30 s, its headers within
// 10 s, an idle keep-alive socket closed after 5 s, at most 64 connections at once. The longest legitimate
// request is a KYC batch of 8 MiB on loopback, far inside these.
export interface ServerLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

export const SERVER_LIMITS: Readonly<ServerLimits> = Object.freeze({
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 64,
});

/**
 * How often Node's HTTP server checks the request and header timeouts (it checks only then: its default
 * of 30 s would let a slow client stay up to twice as long as allowed).
 */
export function timeoutCheckInterval(limits: ServerLimits): number {
  return Math.max(
    50,
    Math.min(1_000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 2)),
  );
}
