// The sandbox's browser pages: the 3-D Secure auto-submit page (data.htmlSource), the bank's challenge
// (ACS) page, the hosted payment page and a result page. Plain forms that work with scripts disabled;
// everything interpolated is escaped.

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;background:#f6f7f9;color:#1b1f24}
main{max-width:28rem;margin:auto;background:#fff;padding:1.5rem;border-radius:8px;border:1px solid #d0d7de}
h1{font-size:1.3rem;margin-top:0}dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.25rem 1rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:break-word;min-width:0}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{font-size:1.1rem;padding:.4rem;width:10rem}button{font-size:1rem;padding:.5rem 1.2rem;margin-top:1rem}
.note{color:#57606a;font-size:.9rem}`;

function page(title: string, body: string, extraHead = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>${extraHead}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export type PageOrder = {
  merchantId: number;
  merchantTradeNo: string;
  amount: string;
  currency: string | null;
  maskedCard: string;
  brand: string;
};

function summary(order: PageOrder): string {
  const amount = order.currency ? `${order.amount} ${order.currency}` : order.amount;
  return `<dl>
<dt>Merchant</dt><dd>${escapeHtml(String(order.merchantId))}</dd>
<dt>Order</dt><dd>${escapeHtml(order.merchantTradeNo)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Card</dt><dd>${escapeHtml(`${order.brand} ${order.maskedCard}`)}</dd>
</dl>`;
}

/**
 * data.htmlSource: the page the merchant renders. It sends the browser on to the ACS page at once; the
 * Continue button is what a browser without scripts uses.
 */
export function autoSubmitPage(acsUrl: string): string {
  return page(
    'Confirm your payment with your bank',
    `<h1>Confirm your payment with your bank</h1>
<form id="sandbox-3ds-form" method="get" action="${escapeHtml(acsUrl)}">
<p>Your bank needs to confirm this payment. You are being taken to its page.</p>
<button type="submit">Continue</button>
</form>
<script>document.getElementById('sandbox-3ds-form').submit();</script>`,
  );
}

export function acsPage(order: PageOrder, actionUrl: string, passCode: string): string {
  return page(
    'Sandbox bank: confirm your payment',
    `<h1>Sandbox bank: confirm your payment</h1>
${summary(order)}
<form method="post" action="${escapeHtml(actionUrl)}">
<label for="code">One-time code</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required
 aria-describedby="code-hint">
<p id="code-hint" class="note">Sandbox: the code is ${escapeHtml(passCode)} for card 4000 0000 0000 3220;
card 4000 0000 0000 3063 always fails.</p>
<button type="submit">Confirm</button>
</form>`,
  );
}

export function hostedPaymentPage(order: PageOrder, actionUrl: string): string {
  return page(
    'Sandbox payment page',
    `<h1>Sandbox payment page</h1>
${summary(order)}
<form method="post" action="${escapeHtml(actionUrl)}">
<button type="submit">Pay ${escapeHtml(order.amount)}</button>
</form>`,
  );
}

export function resultPage(
  approved: boolean,
  orderId: string,
  merchantTradeNo: string,
  remark: string,
): string {
  const heading = approved ? 'Payment approved' : 'Payment declined';
  return page(
    heading,
    `<h1>${heading}</h1>
<dl>
<dt>Order</dt><dd>${escapeHtml(merchantTradeNo)}</dd>
<dt>Gateway order id</dt><dd>${escapeHtml(orderId)}</dd>
${approved ? '' : `<dt>Reason</dt><dd>${escapeHtml(remark)}</dd>`}
</dl>
<p class="note">No return address was given with this payment, so the sandbox shows the result here.</p>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
