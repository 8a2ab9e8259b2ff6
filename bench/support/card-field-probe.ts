// In the page, from navigation start: the frame in which the pay-in page's card field is first shown,
// enabled and editable (checked in each animation frame; `painted` is the next frame's start, when that one
// has been painted), and the browser's first-contentful-paint. The one measure of "the page is ready" that
// bench/startup.ts and bench/ui.ts (ui-scenarios.ts) both take.

/**
 * The probe's script, recording into `store` (a global's name, e.g. `window.__uiReady`) and leaving it in the
 * script's scope as `ready`. `mainPageOnly`: record only on the app's own page (not on a peer page).
 */
export function cardFieldReadyProbe(store: string, options: { mainPageOnly?: boolean } = {}): string {
  const mainPageOnly = options.mainPageOnly
    ? "if (location.pathname !== '/' && location.pathname !== '/index.html') return;"
    : '';
  return `
  const ready = (${store} = {});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') ready.firstContentfulPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const usable = () => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim().startsWith('Card number'));
    const field = label && document.getElementById(label.htmlFor);
    return field && !field.disabled && !field.readOnly && field.getClientRects().length > 0;
  };
  const poll = () => {
    ${mainPageOnly}
    if (!usable()) return requestAnimationFrame(poll);
    requestAnimationFrame(() => { ready.painted = performance.now(); });
  };
  requestAnimationFrame(poll);
`;
}
