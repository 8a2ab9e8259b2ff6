// History's list and the KYC grid lay their virtualized rows in the flow of the tbody, below a padding as tall
// as the rows above them, rather than each row absolutely placed at an offset of its own: a frame then moves
// one padding, where new offsets on a screenful of rows made Chromium restyle each of them several times over
// (docs/BENCHMARKS.md, the renderer, session 8).
import type { VirtualItem } from '@tanstack/react-virtual';

/** The padding above the first rendered row; `scrollMargin` is what sits above the rows in the scroll box. */
export function paddingAboveRows(items: readonly VirtualItem[], scrollMargin: number): number {
  return (items[0]?.start ?? scrollMargin) - scrollMargin;
}
