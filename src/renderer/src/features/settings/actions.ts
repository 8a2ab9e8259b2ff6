// What the Settings page asks of main. Every call that changes settings answers with the whole settings
// view, which becomes the store's: the header, the banner and the pay-in page follow at once.

import { call } from '@renderer/lib/paydesk';
import type { ChannelInput, SettingsView } from '@shared/ipc';
import type { Profile } from '@shared/profile';
import { useSettingsStore } from './store';

const replace = (view: SettingsView) => useSettingsStore.getState().replace(view);

export async function saveProfile(profile: Profile): Promise<void> {
  replace(await call('profiles.save', profile));
}

export async function removeProfile(id: string): Promise<void> {
  replace(await call('profiles.remove', { id }));
}

export async function activateProfile(id: string): Promise<void> {
  replace(await call('profiles.activate', { id }));
}

export async function setSecret(profileId: string, secret: string): Promise<void> {
  replace(await call('secret.set', { profileId, secret }));
}

export async function removeSecret(profileId: string): Promise<void> {
  replace(await call('secret.remove', { profileId }));
}

export async function updateSettings(patch: ChannelInput<'settings.update'>): Promise<void> {
  replace(await call('settings.update', patch));
}

export function testConnection(id: string) {
  return call('profiles.testConnection', { id });
}
