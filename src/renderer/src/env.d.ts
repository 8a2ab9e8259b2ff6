/// <reference types="vite/client" />

/** A catalogue compiled by @lingui/vite-plugin (lingui.config.ts): its messages as functions. */
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
