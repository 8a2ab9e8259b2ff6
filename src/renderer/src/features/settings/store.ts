// Settings and app info as main last reported them; every page reads the active profile from here.

import { call, errorMessage } from '@renderer/lib/paydesk';
import type { ChannelOutput, SettingsView } from '@shared/ipc';
import type { Profile } from '@shared/profile';
import { create } from 'zustand';

type AppInfo = ChannelOutput<'app.info'>;

interface SettingsState {
  view: SettingsView | undefined;
  appInfo: AppInfo | undefined;
  loadError: string | undefined;
  loading: boolean;
  load: () => Promise<void>;
  /** After any call that answers with the settings view (profiles.activate, secret.set, …). */
  replace: (view: SettingsView) => void;
}

export const useSettingsStore = create<SettingsState>((set) => ({
  view: undefined,
  appInfo: undefined,
  loadError: undefined,
  loading: false,
  async load() {
    set({ loading: true, loadError: undefined });
    try {
      const [view, appInfo] = await Promise.all([call('settings.get'), call('app.info')]);
      set({ view, appInfo, loading: false });
    } catch (error) {
      set({ loading: false, loadError: errorMessage(error) });
    }
  },
  replace(view) {
    set({ view });
  },
}));

export function activeProfileOf(view: SettingsView | undefined): Profile | undefined {
  if (!view) return undefined;
  return view.settings.profiles.find((profile) => profile.id === view.settings.activeProfileId);
}

export function useActiveProfile(): Profile | undefined {
  return useSettingsStore((state) => activeProfileOf(state.view));
}

/** The embedded sandbox or any sandbox-environment profile: where test cards and scenarios apply. */
export function isSandbox(profile: Profile | undefined): boolean {
  return profile?.environment === 'sandbox';
}
