// Non-secret settings and connection profiles, kept in electron-store (conf in plain Node). What is read
// back is validated: a file edited by hand or by an older version never reaches the app unchecked.

import type { SettingsView } from '../../shared/ipc';
import {
  type Profile,
  SANDBOX_PROFILE,
  type Settings,
  savedProfileSchema,
  settingsSchema,
} from '../../shared/profile';
import { IpcFailure } from '../ipc/dispatch';

/** The part of electron-store / conf that Paydesk uses. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

/** The part of the credentials vault the settings need: the secret's presence, never its value. */
export interface SecretPresence {
  setSecret(profileId: string, secret: string): Promise<void>;
  hasSecret(profileId: string): Promise<boolean>;
  deleteSecret(profileId: string): Promise<unknown>;
}

const SETTINGS_KEY = 'settings';

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(options: {
  store: KeyValueStore;
  vault: SecretPresence;
  onInvalidFile?: (message: string) => void;
}) {
  const { store, vault } = options;

  function read(): Settings {
    const parsed = settingsSchema.safeParse(store.get(SETTINGS_KEY) ?? {});
    if (parsed.success) return withSandboxProfile(parsed.data);
    options.onInvalidFile?.(
      `Settings file was not valid and has been reset: ${parsed.error.issues[0]?.message}`,
    );
    const defaults = settingsSchema.parse({});
    store.set(SETTINGS_KEY, defaults);
    return defaults;
  }

  function write(settings: Settings): Settings {
    const valid = settingsSchema.parse(settings);
    store.set(SETTINGS_KEY, valid);
    return valid;
  }

  async function view(settings: Settings = read()): Promise<SettingsView> {
    const secretSet: Record<string, boolean> = {};
    for (const profile of settings.profiles) secretSet[profile.id] = await vault.hasSecret(profile.id);
    return { settings, secretSet };
  }

  function requireProfile(settings: Settings, id: string): Profile {
    const profile = settings.profiles.find((candidate) => candidate.id === id);
    if (!profile) throw new IpcFailure('not_found', `No connection profile with id "${id}".`, 'id');
    return profile;
  }

  return {
    read,
    view,
    activeProfile(): Profile {
      const settings = read();
      return settings.profiles.find((profile) => profile.id === settings.activeProfileId) ?? SANDBOX_PROFILE;
    },
    async update(patch: { operatorName?: string | undefined; idleLockMinutes?: number | undefined }) {
      const settings = read();
      return view(
        write({
          ...settings,
          ...(patch.operatorName !== undefined && { operatorName: patch.operatorName }),
          ...(patch.idleLockMinutes !== undefined && { idleLockMinutes: patch.idleLockMinutes }),
        }),
      );
    },
    async saveProfile(input: Profile) {
      const parsed = savedProfileSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.');
        throw new IpcFailure('invalid', `${field ? `${field}: ` : ''}${issue?.message}`, field);
      }
      const profile = parsed.data;
      if (profile.id === SANDBOX_PROFILE.id && !profile.embeddedSandbox) {
        throw new IpcFailure(
          'invalid',
          'The built-in Sandbox profile always uses the embedded sandbox.',
          'id',
        );
      }
      const settings = read();
      const others = settings.profiles.filter((candidate) => candidate.id !== profile.id);
      return view(write({ ...settings, profiles: [...others, profile] }));
    },
    async removeProfile(id: string) {
      const settings = read();
      requireProfile(settings, id);
      if (id === SANDBOX_PROFILE.id)
        throw new IpcFailure('invalid', 'The built-in Sandbox profile cannot be removed.', 'id');
      await vault.deleteSecret(id);
      const profiles = settings.profiles.filter((profile) => profile.id !== id);
      const activeProfileId = settings.activeProfileId === id ? SANDBOX_PROFILE.id : settings.activeProfileId;
      return view(write({ ...settings, profiles, activeProfileId }));
    },
    async activate(id: string) {
      const settings = read();
      requireProfile(settings, id);
      return view(write({ ...settings, activeProfileId: id }));
    },
    async setSecret(profileId: string, secret: string) {
      requireProfile(read(), profileId);
      await vault.setSecret(profileId, secret);
      return view();
    },
    async removeSecret(profileId: string) {
      requireProfile(read(), profileId);
      await vault.deleteSecret(profileId);
      return view();
    },
  };
}

/** The Sandbox profile is built in: it is always present, whatever the file says. */
function withSandboxProfile(settings: Settings): Settings {
  if (settings.profiles.some((profile) => profile.id === SANDBOX_PROFILE.id)) return settings;
  return { ...settings, profiles: [SANDBOX_PROFILE, ...settings.profiles] };
}
