import type { Permission } from '@shared/operators';

// The app's pages, in navigation order: Alt+1 … Alt+4 follow this order. Their names are the catalogue's
// `shell.page.<id>`.
export const PAGES = [
  { id: 'payin', shortcut: 'Alt+1' },
  { id: 'kyc', shortcut: 'Alt+2' },
  { id: 'history', shortcut: 'Alt+3' },
  { id: 'settings', shortcut: 'Alt+4' },
] as const;
export type PageId = (typeof PAGES)[number]['id'];

/** What a role needs to see each page: any one of these (main refuses the calls of the others anyway). */
const PAGE_NEEDS: Record<PageId, readonly Permission[]> = {
  payin: ['payin.send'],
  kyc: ['kyc.send'],
  history: ['history.own', 'history.all'],
  settings: ['settings.manage', 'operators.manage', 'operators.activity'],
};

/** The pages an operator with these permissions is shown, in navigation order. */
export function pagesFor(permissions: readonly Permission[]) {
  return PAGES.filter((page) => PAGE_NEEDS[page.id].some((needed) => permissions.includes(needed)));
}
