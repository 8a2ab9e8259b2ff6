// Keyboard focus for virtualized lists: a key moves the active row or cell, the list scrolls, and the element
// to focus exists only once the virtualizer has rendered it — possibly several renders later.
//
// The request holds its own target. A flag with the target read from the render would be wrong: React may
// run the effect of an earlier render (still holding the old active cell) after the next key press, and that
// effect would spend the request on the old cell — the new one would then never get the focus.
import { type RefObject, useEffect, useMemo, useRef } from 'react';

interface FocusRequests {
  /** Focus the element `selector` finds in the container as soon as it is rendered. */
  request(selector: string): void;
  cancel(): void;
  /** A request is waiting for its element. */
  pending(): boolean;
}

/** `hold`: while true (an editor inside the list has the focus), a waiting request is kept, not carried out. */
export function useFocusWhenRendered(
  container: RefObject<HTMLElement | null>,
  options: { hold?: boolean; preventScroll?: boolean } = {},
): FocusRequests {
  const target = useRef<string | undefined>(undefined);
  const { hold = false, preventScroll = false } = options;

  useEffect(() => {
    const selector = target.current;
    if (selector === undefined || hold) return;
    // The operator has moved the focus elsewhere since (the element that had it left the DOM, so it is on
    // the body, while the list scrolls): the request is spent rather than taking the focus back later.
    const holder = document.activeElement;
    if (holder && holder !== document.body && !container.current?.contains(holder)) {
      target.current = undefined;
      return;
    }
    const element = container.current?.querySelector<HTMLElement>(selector);
    if (!element) return;
    target.current = undefined;
    element.focus({ preventScroll });
  });

  return useMemo(
    () => ({
      request(selector: string) {
        target.current = selector;
      },
      cancel() {
        target.current = undefined;
      },
      pending: () => target.current !== undefined,
    }),
    [],
  );
}
