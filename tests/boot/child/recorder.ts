// What the built app asked of the Electron stand-in, kept apart from the stand-in so that the module the app
// imports as 'electron' offers nothing Electron does not. The driver reads it and sends its notices on.
import type { BootNotice, MenuView } from './protocol.ts';

export const recorder = {
  timeline: [] as string[],
  sent: [] as { windowId: number; channel: string; payload: unknown }[],
  dialogs: [] as { title: string; content: string }[],
  /** The application menu as set (Menu.setApplicationMenu); undefined: never set, Electron's default shows. */
  menu: undefined as MenuView[] | null | undefined,
  notify: (_notice: BootNotice): void => {},
};

export function note(entry: string): void {
  recorder.timeline.push(entry);
}
