// A dialog whose code loads on demand mounts already open, and Mantine's Modal notes the element to give
// the focus back to only when `opened` changes after its mount: closed, it gave the focus to the page's
// body instead of the button that opened it. Open one render after the mount, it notes that button.
import { useEffect, useState } from 'react';

/** `opened`, except on the first render of the component (the dialog then opens as a change). */
export function useOpenedOnceMounted(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted && opened;
}
