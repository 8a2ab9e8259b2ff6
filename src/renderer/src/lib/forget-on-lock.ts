// What the renderer forgets when the operator locks, registered by the modules that hold it. A page loaded
// on demand (shell/lazy-pages.ts) registers when its code loads: before that it holds nothing to forget,
// and the shell need not load its code just to be told so.
const forgetters = new Set<() => void>();

export function forgetOnLock(forget: () => void): void {
  forgetters.add(forget);
}

export function forgetAllOnLock(): void {
  for (const forget of forgetters) forget();
}
