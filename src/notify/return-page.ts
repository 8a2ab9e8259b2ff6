// The page the customer's browser lands on after the bank page (retURL, successURL, failURL). It proves
// nothing (assumption A25): it says so, in plain HTML with no script, and echoes nothing from the request.

import { createHash } from 'node:crypto';
import { NOTIFICATION_SERVICE_PATHS } from '@shared/notification-service';

/** The public paths of the return addresses: the desk builds them from the service's public base URL. */
export const RETURN_PATHS = [
  NOTIFICATION_SERVICE_PATHS.retURL,
  NOTIFICATION_SERVICE_PATHS.successURL,
  NOTIFICATION_SERVICE_PATHS.failURL,
] as const;

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}h1{font-size:1.4rem}';

export const RETURN_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Bank page finished</title>
<style>${STYLE}</style>
</head>
<body>
<h1>The bank page is finished</h1>
<p>You may close this window. The result of the payment comes from the payment gateway itself: the merchant's desk shows it as soon as the gateway confirms it.</p>
<p>This page does not say whether the payment was approved.</p>
</body>
</html>
`;

const styleHash = createHash('sha256').update(STYLE, 'utf8').digest('base64');

/** Nothing may load, run, be framed or submit; only the one inline style, by its hash. */
export const RETURN_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;
