// The few icons the app needs, inline (no icon font, no icon package).
import type { ReactNode } from 'react';

const common = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
};

/** An icon of these strokes in the common frame, hidden from assistive technology (its button has the words). */
function icon(strokes: ReactNode): () => ReactNode {
  return () => (
    <svg {...common} aria-hidden="true">
      {strokes}
    </svg>
  );
}

export const CopyIcon = icon(
  <>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </>,
);
export const CheckIcon = icon(<path d="M20 6 9 17l-5-5" />);
export const ChevronIcon = icon(<path d="m6 9 6 6 6-6" />);
export const RemoveIcon = icon(<path d="M18 6 6 18M6 6l12 12" />);
export const ChevronLeftIcon = icon(<path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = icon(<path d="m9 18 6-6-6-6" />);
export const CalendarIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
  </>,
);
