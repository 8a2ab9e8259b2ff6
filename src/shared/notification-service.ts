// The merchant's notification service (src/notify, README "Notifications in production") as a profile
// names it: one public https base address, from which Paydesk builds the pay-in's `callBackURL` and its
// three return addresses, and at which Test connection asks `/health`. One definition of those paths, for
// the wire body, the bank-page view (which closes on a return address) and Test connection.
import { z } from 'zod';

/** The service's paths under its base address (the contract of src/notify). */
export const NOTIFICATION_SERVICE_PATHS = {
  callBackURL: '/callback',
  retURL: '/return',
  successURL: '/success',
  failURL: '/fail',
  health: '/health',
} as const;

/**
 * The message a return page sends the page framing it, when the service lets that origin frame it (the
 * browser harness: its config's returnPage.frameAncestors): `{ type, url }`, the return page's address.
 */
export const BANK_PAGE_RETURNED_MESSAGE = 'paydesk-bank-page-returned';

/**
 * The PostgreSQL channel that wakes the listening desks once notifications have committed: the service
 * says it after each COMMIT (src/notify/desk-waker.ts); a desk then reads what is new by keyset.
 */
export const NOTIFICATION_CHANNEL = 'paydesk_notifications';

/** Room for the longest path under the interface's 256-character limit for these URLs (section 8). */
const BASE_MAX = 256 - NOTIFICATION_SERVICE_PATHS.successURL.length;

function isServiceBase(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password && !url.search && !url.hash;
}

/**
 * The service's public address: https only (a gateway on the internet posts the gateway's word there, and
 * a desk's bank page returns there), no credentials, query or fragment; a path prefix is kept (a service
 * behind a proxy's sub-path). A trailing slash is dropped, so that the paths join cleanly.
 */
export const notificationServiceSchema = z.strictObject({
  baseUrl: z
    .string()
    .trim()
    .max(BASE_MAX, `At most ${BASE_MAX} characters (the addresses built from it must fit 256).`)
    .refine(isServiceBase, {
      message:
        'The notification service is reached at a public https:// address, without user, query or #fragment.',
      params: { words: 'settings.problem.serviceAddress' },
    })
    .transform((text) => text.replace(/\/+$/, '')),
});
export type NotificationService = z.infer<typeof notificationServiceSchema>;

/** The four addresses a pay-in carries when its profile names a service. */
export function serviceAddresses(service: NotificationService): {
  callBackURL: string;
  retURL: string;
  successURL: string;
  failURL: string;
} {
  const at = (path: string) => `${service.baseUrl}${path}`;
  return {
    callBackURL: at(NOTIFICATION_SERVICE_PATHS.callBackURL),
    retURL: at(NOTIFICATION_SERVICE_PATHS.retURL),
    successURL: at(NOTIFICATION_SERVICE_PATHS.successURL),
    failURL: at(NOTIFICATION_SERVICE_PATHS.failURL),
  };
}

type ServiceReturnKind = 'ret' | 'success' | 'fail';

/**
 * Which of the service's return pages an address is (the bank page reached it: the bank step is over), or
 * undefined. Compared as URLs (origin and path exactly; the gateway's query, A19, is allowed), never as a
 * text prefix, so that `https://notify.example.evil/return` is not the service's.
 */
export function serviceReturnKind(
  service: NotificationService,
  address: string,
): ServiceReturnKind | undefined {
  let url: URL;
  let base: URL;
  try {
    url = new URL(address);
    base = new URL(service.baseUrl);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin || url.username || url.password) return undefined;
  const prefix = base.pathname.replace(/\/+$/, '');
  const paths: Record<string, ServiceReturnKind> = {
    [`${prefix}${NOTIFICATION_SERVICE_PATHS.retURL}`]: 'ret',
    [`${prefix}${NOTIFICATION_SERVICE_PATHS.successURL}`]: 'success',
    [`${prefix}${NOTIFICATION_SERVICE_PATHS.failURL}`]: 'fail',
  };
  return paths[url.pathname];
}

/** What the service's `/health` answers (200 when it reaches the database, 503 when not); never a secret. */
export const serviceHealthSchema = z.object({
  service: z.literal('paydesk-notify'),
  database: z.enum(['reachable', 'unreachable']),
  version: z.string().max(64),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;
