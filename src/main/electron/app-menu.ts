// The application menu (issue 33): Electron's default one is English and offers Reload and DevTools, which
// lose a payment in flight; Paydesk's holds only what an agent needs, in the desk's words: Edit, with the
// roles that give copy, paste and undo their keys (macOS has no such keys without them). On macOS the first
// menu is the app's own (its name is the app's), holding Quit.
import type { Translate } from '@shared/i18n/messages';
import type { MenuItemConstructorOptions } from 'electron';

export function appMenuTemplate(t: Translate, platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  const edit: MenuItemConstructorOptions = {
    label: t('desk.window.menuEdit'),
    submenu: [
      { role: 'undo', label: t('desk.window.menuUndo') },
      { role: 'redo', label: t('desk.window.menuRedo') },
      { type: 'separator' },
      { role: 'cut', label: t('desk.window.menuCut') },
      { role: 'copy', label: t('desk.window.menuCopy') },
      { role: 'paste', label: t('desk.window.menuPaste') },
      { type: 'separator' },
      { role: 'selectAll', label: t('desk.window.menuSelectAll') },
    ],
  };
  if (platform !== 'darwin') return [edit];
  return [{ role: 'appMenu', submenu: [{ role: 'quit', label: t('desk.window.menuQuit') }] }, edit];
}
