// HTML served or returned by the double: the acquirer's 3DS form (data.htmlSource / data.pageData), the
// challenge / hosted payment page it leads to, the auto-submitting return form, and a proxy's 502 page.

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** What an acquirer hands back for a 3DS step: a form that posts itself to the ACS (the double's page). */
export function acquirerHtml(pageUrl: string, orderId: string): string {
  const creq = Buffer.from(JSON.stringify({ messageType: 'CReq', orderId }), 'utf8').toString('base64url');
  return [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8"><title>3-D Secure</title></head>',
    '<body onload="document.getElementById(\'acs\').submit()">',
    `<form id="acs" method="post" action="${escapeHtml(pageUrl)}">`,
    `<input type="hidden" name="creq" value="${escapeHtml(creq)}">`,
    `<input type="hidden" name="threeDSSessionData" value="${escapeHtml(orderId)}">`,
    '<noscript><button type="submit">Continue</button></noscript>',
    '</form></body></html>',
  ].join('\n');
}

export function challengePage(init: {
  orderId: string;
  amount: string;
  finishUrl: string;
  done?: string;
}): string {
  const body = init.done
    ? `<p id="result">${escapeHtml(init.done)}</p>`
    : [
        `<form method="post" action="${escapeHtml(init.finishUrl)}">`,
        '<button type="submit" name="outcome" value="approve">Approve</button>',
        '<button type="submit" name="outcome" value="decline">Decline</button>',
        '</form>',
      ].join('\n');
  return [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8"><title>Card verification</title></head><body>',
    '<h1>Card verification</h1>',
    `<p>Order <span id="order">${escapeHtml(init.orderId)}</span>, amount <span id="amount">${escapeHtml(init.amount)}</span></p>`,
    body,
    '</body></html>',
  ].join('\n');
}

/** The ACS way back: a form that posts the parameters to the merchant's URL by itself. */
export function returnForm(url: string, params: Record<string, string>): string {
  const inputs = Object.entries(params).map(
    ([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`,
  );
  return [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8"><title>Returning to the merchant</title></head>',
    '<body onload="document.getElementById(\'back\').submit()">',
    `<form id="back" method="post" action="${escapeHtml(url)}">`,
    ...inputs,
    '<noscript><button type="submit">Continue</button></noscript>',
    '</form></body></html>',
  ].join('\n');
}

export const PROXY_502_HTML = [
  '<html>',
  '<head><title>502 Bad Gateway</title></head>',
  '<body>',
  '<center><h1>502 Bad Gateway</h1></center>',
  '<hr><center>nginx</center>',
  '</body>',
  '</html>',
  '',
].join('\r\n');
