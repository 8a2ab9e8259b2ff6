// The browser a pay-in's bank page opens in, as the gateway asks for it in `clientHTTPAccept` and
// `clientHTTPUserAgent` (section 2.1: "mandatory when the merchant uses payChannel2"). At a desk that
// browser is Paydesk's own — the customer is on the phone and never sees the bank page — so Paydesk
// describes itself (assumption A28): its user agent as the renderer reports it, and the Accept header its
// Chromium sends when it opens a page, which no page can read and is therefore written down here.

/**
 * The Accept header of a document navigation (a top-level page or a frame) in Chromium 156, the Chromium
 * of Electron 45.4.1 (156.0.8078.100). Measured, not guessed: tests/e2e/bank-page-browser.spec.ts checks it
 * against the Chromium the browser tests run on, and fails when an Electron upgrade changes it.
 */
export const DOCUMENT_NAVIGATION_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/jxl,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
/** The Chromium major version DOCUMENT_NAVIGATION_ACCEPT was measured with: Electron 45's. */
export const DOCUMENT_NAVIGATION_ACCEPT_CHROMIUM = 156;

/** The interface's maximum for both fields (section 8). */
export const BROWSER_FIELD_MAX_LENGTH = 512;

/** Both fields as the pay-in form fills them, from the user agent of the window the agent works in. */
export function bankPageBrowserFields(userAgent: string): {
  clientHTTPAccept: string;
  clientHTTPUserAgent: string;
} {
  return {
    clientHTTPAccept: DOCUMENT_NAVIGATION_ACCEPT,
    clientHTTPUserAgent: userAgent.slice(0, BROWSER_FIELD_MAX_LENGTH),
  };
}
