// What the renderer forgets when the session locks, ends or changes hands, registered by the modules that
// hold it. A page loaded on demand (shell/lazy-pages.ts) registers when its code loads: before that it
// holds nothing to forget, and the shell need not load its code just to be told so.
const forgetters = new Set<() => void>();

export function forgetOnSignOut(forget: () => void): void {
  forgetters.add(forget);
}

export function forgetAllOnSignOut(): void {
  for (const forget of forgetters) forget();
}
