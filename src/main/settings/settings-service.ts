// Non-secret settings and connection profiles, kept in electron-store (conf in plain Node). What is read
// back is validated: a file edited by hand or by an older version never reaches the app unchecked, and
// what cannot be used is left out part by part (read-back.ts), with a copy of the file kept and a notice
// for the operator, never silently.

import type { SettingsNotice, SettingsView } from '@shared/ipc';
import type { Language } from '@shared/languages';
import {
  type Profile,
  SANDBOX_PROFILE,
  type Settings,
  savedProfileSchema,
  settingsSchema,
} from '@shared/profile';
import type { TeamConnection } from '@shared/team';
import type { TeamItem } from '../credentials/vault';
import { issueRefusal, refusal } from '../i18n/refuse';
import { readBackSettings } from './read-back';
import { keepCopyOfSettings, setAsideUnreadableSettings } from './settings-file';

/** The part of electron-store / conf that Paydesk uses. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  /** The file behind the store (electron-store and conf have one): where a copy is kept before a repair. */
  readonly path?: string;
}

/** The part of the credentials vault the settings need: the secret's presence, never its value. */
interface SecretPresence {
  setSecret(profileId: string, secret: string): Promise<void>;
  hasSecret(profileId: string): Promise<boolean>;
  deleteSecret(profileId: string): Promise<unknown>;
  /** Team mode's password and key: read here only to say whether they are set. */
  getTeamItem(item: TeamItem): Promise<string | undefined>;
  setTeamItem(item: TeamItem, value: string): Promise<void>;
  deleteTeamItem(item: TeamItem): Promise<unknown>;
}

const SETTINGS_KEY = 'settings';

/**
 * Why a profile may name a notification service only with a team database: the service stores the
 * gateway's notification in that database, and a desk hears of it only there (team/notification-subscriber.ts).
 */
/** Notices are shown until a restart; a file damaged again and again must not grow the list for ever. */
const MAX_NOTICES = 20;

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(options: {
  store: KeyValueStore;
  vault: SecretPresence;
  /** What the host found before the store could open the file (settings-file.ts). */
  notices?: readonly SettingsNotice[];
  /** Each notice as it is raised, for the log. */
  onNotice?: (notice: SettingsNotice) => void;
  /** The team connection or its secrets changed (the app restarts team mode). */
  onTeamChange?: () => Promise<void>;
}) {
  const { store, vault } = options;
  const notices: SettingsNotice[] = [];

  function notify(notice: SettingsNotice): void {
    if (notices.length < MAX_NOTICES) notices.push(notice);
    options.onNotice?.(notice);
  }

  /** The stored value; a file that stopped being JSON while Paydesk runs is set aside like one at start. */
  function stored(): unknown {
    try {
      return store.get(SETTINGS_KEY);
    } catch (error) {
      const notice = store.path ? setAsideUnreadableSettings(store.path) : undefined;
      if (!notice) throw error;
      notify(notice);
      return store.get(SETTINGS_KEY);
    }
  }

  function read(): Settings {
    const raw = stored();
    const parsed = settingsSchema.safeParse(raw ?? {});
    // Two profiles with one id pass the schema, but saving or deleting one would take the other along.
    const ids = parsed.success ? parsed.data.profiles.map((profile) => profile.id) : [];
    if (parsed.success && new Set(ids).size === ids.length) return withSandboxProfile(parsed.data);
    const { settings, problems } = readBackSettings(raw);
    const backupFile = store.path ? keepCopyOfSettings(store.path) : undefined;
    for (const problem of problems) notify({ ...problem, ...(backupFile && { backupFile }) });
    store.set(SETTINGS_KEY, settings);
    return withSandboxProfile(settings);
  }

  function write(settings: Settings): Settings {
    const valid = settingsSchema.parse(settings);
    store.set(SETTINGS_KEY, valid);
    return valid;
  }

  async function view(settings: Settings = read()): Promise<SettingsView> {
    const secretSet: Record<string, boolean> = {};
    for (const profile of settings.profiles) secretSet[profile.id] = await vault.hasSecret(profile.id);
    if (!settings.team) return { settings, secretSet, notices: [...notices] };
    const teamSecretsSet = {
      password: (await vault.getTeamItem('password')) !== undefined,
      key: (await vault.getTeamItem('key')) !== undefined,
    };
    return { settings, secretSet, notices: [...notices], teamSecretsSet };
  }

  function requireProfile(settings: Settings, id: string): Profile {
    const profile = settings.profiles.find((candidate) => candidate.id === id);
    if (!profile) throw refusal('not_found', 'refusal.settings.noSuchProfile', { id }, 'id');
    return profile;
  }

  for (const notice of options.notices ?? []) notify(notice);
  // Read once at start, so that a file that needs repair is repaired (and reported) before anything else.
  read();

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
    /** An operator's own language; null: they follow the OS's again. */
    setLanguage(operatorId: string, language: Language | null): void {
      const { [operatorId]: _previous, ...others } = read().languages;
      const languages = language === null ? others : { ...others, [operatorId]: language };
      write({ ...read(), languages });
    },
    async saveProfile(input: Profile) {
      const parsed = savedProfileSchema.safeParse(input);
      if (!parsed.success) throw issueRefusal(parsed.error.issues);
      const profile = parsed.data;
      if (profile.id === SANDBOX_PROFILE.id && !profile.embeddedSandbox) {
        throw refusal('invalid', 'refusal.settings.sandboxEmbedded', undefined, 'id');
      }
      const settings = read();
      if (profile.notificationService && !settings.team) {
        throw refusal(
          'invalid',
          'refusal.settings.serviceNeedsTeam',
          undefined,
          'notificationService.baseUrl',
        );
      }
      const others = settings.profiles.filter((candidate) => candidate.id !== profile.id);
      return view(write({ ...settings, profiles: [...others, profile] }));
    },
    async removeProfile(id: string) {
      const settings = read();
      requireProfile(settings, id);
      if (id === SANDBOX_PROFILE.id)
        throw refusal('invalid', 'refusal.settings.sandboxStays', undefined, 'id');
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
    /** Sets the team connection, or (null) leaves team mode: its password and key leave the keychain too. */
    async setTeam(connection: TeamConnection | null) {
      const { team: _previous, ...settings } = read();
      const naming = settings.profiles.filter((profile) => profile.notificationService);
      if (!connection && naming.length > 0) {
        throw refusal('conflict', 'refusal.settings.leaveTeamNotifications', {
          // The profiles' own names, as their owner typed them.
          profiles: naming.map((profile) => `"${profile.name}"`).join(', '),
          count: naming.length,
        });
      }
      const next = write(connection ? { ...settings, team: connection } : settings);
      if (!connection) {
        await vault.deleteTeamItem('password');
        await vault.deleteTeamItem('key');
      }
      await options.onTeamChange?.();
      return view(next);
    },
    async setTeamSecrets(secrets: { password?: string | undefined; key?: string | undefined }) {
      if (!read().team) {
        throw refusal('invalid', 'refusal.settings.noTeamForPassword');
      }
      if (secrets.password !== undefined) await vault.setTeamItem('password', secrets.password);
      if (secrets.key !== undefined) await vault.setTeamItem('key', secrets.key);
      await options.onTeamChange?.();
      return view();
    },
  };
}

/** The Sandbox profile is built in: it is always present, whatever the file says. */
function withSandboxProfile(settings: Settings): Settings {
  if (settings.profiles.some((profile) => profile.id === SANDBOX_PROFILE.id)) return settings;
  return { ...settings, profiles: [SANDBOX_PROFILE, ...settings.profiles] };
}
