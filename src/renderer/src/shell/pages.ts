// The app's pages, in navigation order: Alt+1 … Alt+4 follow this order.
export const PAGES = [
  { id: 'payin', label: 'Pay-in', shortcut: 'Alt+1' },
  { id: 'kyc', label: 'KYC batches', shortcut: 'Alt+2' },
  { id: 'history', label: 'History', shortcut: 'Alt+3' },
  { id: 'settings', label: 'Settings', shortcut: 'Alt+4' },
] as const;
export type PageId = (typeof PAGES)[number]['id'];
