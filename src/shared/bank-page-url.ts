// Which addresses a bank page (3-D Secure or hosted payment page) may be opened at: https, or plain http
// on this machine's loopback only (the return listener's one-time page, a local sandbox). The gateway's
// `redirectURL` is any text: file:, javascript:, data:, chrome: or a plain-http address on the network must
// never reach a window or a frame. Checked where main builds the result, in the IPC contract, and again
// just before a window loads it.
import { z } from 'zod';

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isOpenableBankPageUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.test(url.hostname);
}

export const bankPageUrlSchema = z
  .string()
  .max(2048)
  .refine(isOpenableBankPageUrl, 'A bank page address must be https (plain http on this machine only).');
