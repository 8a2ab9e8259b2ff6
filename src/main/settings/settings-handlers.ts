// What the settings.*, profiles.* and secret.* channels answer: the settings service (settings-service.ts),
// and a test of a profile's connection against the gateway it names.
import type { Profile } from '@shared/profile';
import { testConnection } from '../gateway/test-connection';
import { refusal } from '../i18n/refuse';
import type { HandlersOf } from '../ipc/dispatch';
import type { SettingsService } from './settings-service';

export function settingsHandlers(deps: {
  settings: SettingsService;
  /** Where a profile's gateway answers (the embedded sandbox's address, started if need be). */
  endpointsOf: (profile: Profile) => Promise<{ baseUrl: string; kycBaseUrl: string }>;
  /** A CA trusted beside the system's for the notification service's health (tests). */
  extraCa?: string;
}): HandlersOf<'settings' | 'profiles' | 'secret'> {
  const { settings } = deps;
  return {
    'settings.get': () => settings.view(),
    'settings.update': (input) => settings.update(input),
    'profiles.save': (profile) => settings.saveProfile(profile),
    'profiles.remove': ({ id }) => settings.removeProfile(id),
    'profiles.activate': ({ id }) => settings.activate(id),
    'profiles.testConnection': async ({ id }) => {
      const profile = settings.read().profiles.find((candidate) => candidate.id === id);
      if (!profile) throw refusal('not_found', 'refusal.settings.noSuchProfile', { id }, 'id');
      return testConnection(await deps.endpointsOf(profile), {
        connectTimeoutMs: profile.connectTimeoutMs,
        timeoutMs: profile.requestTimeoutMs,
        ...(profile.notificationService && { notificationService: profile.notificationService }),
        ...(deps.extraCa && { extraCa: deps.extraCa }),
      });
    },
    'secret.set': ({ profileId, secret }) => settings.setSecret(profileId, secret),
    'secret.remove': ({ profileId }) => settings.removeSecret(profileId),
    'settings.setTeam': ({ connection }) => settings.setTeam(connection),
    'secret.setTeam': (secrets) => settings.setTeamSecrets(secrets),
  };
}
