// "The screen tells the truth at every size": a value an agent reads off the screen (a masked card, an
// order number, a button's label) is whole: on one line, not cut by an ellipsis or an overflow, and in the
// window. The check measures the text itself (a Range over its contents), so it sees a wrapped line even
// where the element is a block, and an ellipsis where the element's box is narrower than its text.
import { expect, type Locator } from '@playwright/test';

/** The window sizes the layout specs walk through: the agents' usual window and the smallest one. */
export const WINDOW_SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

interface TextFit {
  text: string;
  /** Distinct lines the text's boxes sit on. */
  lines: number;
  /** The element's own content is wider than its box (an ellipsis or a hidden overflow). */
  overflows: boolean;
  /** Some of the text lies outside an ancestor that clips it (overflow other than visible). */
  clippedBy: string | undefined;
  /** Some of the text lies outside the window. */
  outsideWindow: boolean;
}

// In the page's own JavaScript (the tests' tsconfig has no DOM types): a function of the element.
const MEASURE = `(element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  // Text boxes only, each line once (an inline element's own box sits on its text's line).
  const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
  const tops = [];
  for (const rect of rects) {
    if (!tops.some((top) => Math.abs(top - rect.top) < rect.height / 2)) tops.push(rect.top);
  }
  const box = range.getBoundingClientRect();
  let clippedBy;
  for (let parent = element; parent && parent !== document.body; parent = parent.parentElement) {
    const style = getComputedStyle(parent);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const clip = parent.getBoundingClientRect();
    if (box.left < clip.left - 1 || box.right > clip.right + 1 || box.top < clip.top - 1 || box.bottom > clip.bottom + 1) {
      clippedBy = parent.tagName.toLowerCase() + '.' + [...parent.classList].join('.');
      break;
    }
  }
  return {
    text: element.textContent ?? '',
    lines: tops.length,
    overflows: getComputedStyle(element).display !== 'inline' && element.scrollWidth > element.clientWidth + 1,
    clippedBy,
    outsideWindow: box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight,
  };
}`;

const measure = new Function('element', `return (${MEASURE})(element);`) as (element: unknown) => TextFit;

/** How the locator's text sits on the screen (see TextFit). */
function measureFit(locator: Locator): Promise<TextFit> {
  return locator.evaluate(measure);
}

/** Asserts that the locator's text is whole: one line, not cut, and (unless told) inside the window. */
export async function expectWhole(locator: Locator, options: { inWindow?: boolean } = {}): Promise<void> {
  await expect(locator).toBeVisible();
  if (options.inWindow !== false) await locator.scrollIntoViewIfNeeded();
  const fit = await measureFit(locator);
  expect(
    {
      text: fit.text,
      lines: fit.lines,
      overflows: fit.overflows,
      clippedBy: fit.clippedBy,
      outsideWindow: options.inWindow === false ? false : fit.outsideWindow,
    },
    `"${fit.text}" should be on one line, uncut`,
  ).toEqual({ text: fit.text, lines: 1, overflows: false, clippedBy: undefined, outsideWindow: false });
}

/** Asserts that the locator's text is not cut (it may wrap): no overflow, no clipping, inside the window. */
export async function expectUncut(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await locator.scrollIntoViewIfNeeded();
  const fit = await measureFit(locator);
  expect(
    { text: fit.text, overflows: fit.overflows, clippedBy: fit.clippedBy, outsideWindow: fit.outsideWindow },
    `"${fit.text}" should be whole (it may wrap)`,
  ).toEqual({ text: fit.text, overflows: false, clippedBy: undefined, outsideWindow: false });
}
