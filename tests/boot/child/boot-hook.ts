// `node --import ./tests/boot/child/boot-hook.ts out-…/main/index.js`: the built main bundle, unchanged, with
// 'electron' resolved to the recording stand-in — for the bundle and for every package it imports
// (electron-store imports electron too) — and the driver listening to the parent process.
import { registerHooks } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const standIn = new URL('./electron-stand-in.ts', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: standIn, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

// A thread the app starts (the KYC worker) inherits this --import: the stand-in, should it need it, but the
// driver talks to the parent process from the main thread alone.
if (isMainThread) await import('./driver.ts');
