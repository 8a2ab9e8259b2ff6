// The page the customer's browser lands on after the bank page (retURL, successURL, failURL). It proves
// nothing (assumption A25): it says so, in plain HTML with no script, and echoes nothing from the request.

import { createHash } from 'node:crypto';
import { BANK_PAGE_RETURNED_MESSAGE, NOTIFICATION_SERVICE_PATHS } from '@shared/notification-service';

/** The public paths of the return addresses: the desk builds them from the service's public base URL. */
export const RETURN_PATHS = [
  NOTIFICATION_SERVICE_PATHS.retURL,
  NOTIFICATION_SERVICE_PATHS.successURL,
  NOTIFICATION_SERVICE_PATHS.failURL,
] as const;

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}h1{font-size:1.4rem}';

function html(script: string | undefined): string {
  return `<!doctype html>
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
${script === undefined ? '' : `<script>${script}</script>\n`}</body>
</html>
`;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
const styleHash = sha256(STYLE);

type ReturnPage = { html: string; headers: Record<string, string> };

/**
 * The return page and its headers. By default nothing may load, run, be framed or submit; only the one
 * inline style, by its hash. With `frameAncestors` (the browser harness's origin, config.ts's returnPage),
 * those origins alone may frame it, and a script (allowed by its hash) tells the page that framed it, or
 * opened it in a popup, on those origins only, that the bank page came back, with the page's address: what
 * the Electron app's bank window sees as a navigation, which a page cannot see of another origin's.
 */
export function returnPage(frameAncestors: readonly string[] = []): ReturnPage {
  const common = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
  const policy = `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'`;
  if (frameAncestors.length === 0) {
    return {
      html: html(undefined),
      headers: {
        ...common,
        'content-security-policy': `${policy}; frame-ancestors 'none'`,
        'x-frame-options': 'DENY',
      },
    };
  }
  const script = `const to = window.parent !== window ? window.parent : window.opener; if (to) for (const origin of ${JSON.stringify(frameAncestors)}) to.postMessage({ type: ${JSON.stringify(BANK_PAGE_RETURNED_MESSAGE)}, url: location.href }, origin);`;
  return {
    html: html(script),
    headers: {
      ...common,
      'content-security-policy': `${policy}; script-src 'sha256-${sha256(script)}'; frame-ancestors ${frameAncestors.join(' ')}`,
    },
  };
}
