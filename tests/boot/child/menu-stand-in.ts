// Electron's Menu as the boot test's stand-in offers it (electron-stand-in.ts re-exports it): a menu built
// from a template keeps the template, and the application menu set is recorded as what the app bar shows,
// each item by its label and its role. Typed as a Pick of Electron's own, like the rest of the stand-in.
import type { Menu as ElectronMenu, MenuItemConstructorOptions } from 'electron';
import type { MenuView } from './protocol.ts';
import { note, recorder } from './recorder.ts';

export class StandInMenu {
  readonly template: MenuItemConstructorOptions[];
  constructor(template: MenuItemConstructorOptions[]) {
    this.template = template;
  }
}

function viewOf(item: MenuItemConstructorOptions): MenuView {
  const submenu = Array.isArray(item.submenu) ? item.submenu.map(viewOf) : undefined;
  return {
    ...(item.label !== undefined && { label: item.label }),
    ...(item.role !== undefined && { role: item.role }),
    ...(item.type !== undefined && { type: item.type }),
    ...(submenu && { submenu }),
  };
}

type Template = Parameters<typeof ElectronMenu.buildFromTemplate>[0];

/** Electron's two statics Paydesk calls, with its parameters; the menus are the stand-in's. */
export const Menu: {
  buildFromTemplate(template: Template): StandInMenu;
  setApplicationMenu(menu: StandInMenu | null): ReturnType<typeof ElectronMenu.setApplicationMenu>;
} = {
  buildFromTemplate(template) {
    // Paydesk builds from plain options, never from MenuItem objects.
    return new StandInMenu(template as MenuItemConstructorOptions[]);
  },
  setApplicationMenu(menu) {
    note('Menu.setApplicationMenu');
    recorder.menu = menu ? menu.template.map(viewOf) : null;
  },
};
