// Settings and app info as main last reported them; every page reads the active profile from here. Every
// call that changes settings answers with the whole settings view, which becomes the store's: the header,
// the banner and the pay-in page follow at once.

import type { ChannelInput, ChannelOutput, SettingsView } from '@shared/ipc';
import type { Profile } from '@shared/profile';
import { create } from 'zustand';
import { call, errorMessage } from './paydesk';

type AppInfo = ChannelOutput<'app.info'>;

interface SettingsState {
  view: SettingsView | undefined;
  appInfo: AppInfo | undefined;
  loadError: string | undefined;
  loading: boolean;
  load: () => Promise<void>;
  /** After any call that answers with the settings view (profiles.activate, secret.set, …). */
  replace: (view: SettingsView) => void;
  saveProfile: (profile: Profile) => Promise<void>;
  removeProfile: (id: string) => Promise<void>;
  activateProfile: (id: string) => Promise<void>;
  setSecret: (profileId: string, secret: string) => Promise<void>;
  removeSecret: (profileId: string) => Promise<void>;
  updateSettings: (patch: ChannelInput<'settings.update'>) => Promise<void>;
  /** Joins a team (its connection) or, with null, leaves team mode. */
  setTeam: (connection: ChannelInput<'settings.setTeam'>['connection']) => Promise<void>;
  /** The team role's password and/or the team key, into the keychain. */
  setTeamSecrets: (secrets: ChannelInput<'secret.setTeam'>) => Promise<void>;
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
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
  async saveProfile(profile) {
    get().replace(await call('profiles.save', profile));
  },
  async removeProfile(id) {
    get().replace(await call('profiles.remove', { id }));
  },
  async activateProfile(id) {
    get().replace(await call('profiles.activate', { id }));
  },
  async setSecret(profileId, secret) {
    get().replace(await call('secret.set', { profileId, secret }));
  },
  async removeSecret(profileId) {
    get().replace(await call('secret.remove', { profileId }));
  },
  async updateSettings(patch) {
    get().replace(await call('settings.update', patch));
  },
  async setTeam(connection) {
    get().replace(await call('settings.setTeam', { connection }));
  },
  async setTeamSecrets(secrets) {
    get().replace(await call('secret.setTeam', secrets));
  },
}));

function activeProfileOf(view: SettingsView | undefined): Profile | undefined {
  if (!view) return undefined;
  return view.settings.profiles.find((profile) => profile.id === view.settings.activeProfileId);
}

export function useActiveProfile(): Profile | undefined {
  return useSettingsStore((state) => activeProfileOf(state.view));
}
