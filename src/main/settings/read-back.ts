// Settings read back from a file that does not pass the schema (edited by hand, by an older or newer
// version, damaged): every part that is valid is kept, and each part that is not is left out alone and
// named. One bad profile must not cost the production profile beside it and the operator's name, nor
// switch Paydesk to Sandbox without a word.
import type { SettingsNotice } from '@shared/ipc';
import {
  type Profile,
  SANDBOX_PROFILE,
  type Settings,
  savedProfileSchema,
  settingsSchema,
} from '@shared/profile';
import { worded } from '../i18n/worded';

type SettingsProblem = Omit<SettingsNotice, 'backupFile'>;

function firstIssue(error: { issues: readonly { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.');
  return `${path ? `${path}: ` : ''}${issue?.message ?? 'not valid'}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What an operator would call the profile: its name, else its id; undefined when it has neither. */
function profileLabel(entry: unknown): string | undefined {
  if (isRecord(entry)) {
    for (const key of ['name', 'id']) {
      const value = entry[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 60);
    }
  }
  return undefined;
}

function readBackProfiles(raw: unknown, activeProfileId: unknown, problems: SettingsProblem[]): Profile[] {
  if (raw === undefined) return settingsSchema.shape.profiles.parse(undefined);
  if (!Array.isArray(raw)) {
    problems.push({ kind: 'setting_reset', ...worded('settings.notice.profilesNotList') });
    return [];
  }
  const kept: Profile[] = [];
  raw.forEach((entry, index) => {
    const parsed = savedProfileSchema.safeParse(entry);
    const duplicate = parsed.success && kept.some((profile) => profile.id === parsed.data.id);
    if (parsed.success && !duplicate) {
      kept.push(parsed.data);
      return;
    }
    const wasActive =
      isRecord(entry) && entry.id === activeProfileId && activeProfileId !== SANDBOX_PROFILE.id;
    const active = wasActive ? 'yes' : 'no';
    const name = profileLabel(entry);
    const words = parsed.success
      ? worded('settings.notice.profileDuplicate', {
          name: name ?? parsed.data.id,
          id: parsed.data.id,
          active,
        })
      : name === undefined
        ? worded('settings.notice.profileDroppedAt', {
            position: index + 1,
            why: firstIssue(parsed.error),
            active,
          })
        : worded('settings.notice.profileDropped', { name, why: firstIssue(parsed.error), active });
    problems.push({ kind: 'profile_dropped', ...words });
  });
  return kept;
}

export function readBackSettings(raw: unknown): { settings: Settings; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  if (raw === undefined) return { settings: settingsSchema.parse({}), problems };
  if (!isRecord(raw)) {
    problems.push({ kind: 'setting_reset', ...worded('settings.notice.notObject') });
    return { settings: settingsSchema.parse({}), problems };
  }
  const { profiles: _profiles, ...fields } = settingsSchema.shape;
  const result: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(fields)) {
    const parsed = schema.safeParse(raw[key]);
    if (parsed.success) {
      result[key] = parsed.data;
      continue;
    }
    result[key] = schema.parse(undefined);
    const why = firstIssue(parsed.error);
    problems.push({
      kind: 'setting_reset',
      ...worded('settings.notice.settingReset', { setting: key, why }),
    });
  }
  const profiles = readBackProfiles(raw.profiles, raw.activeProfileId, problems);
  result.profiles = profiles;
  if (
    result.activeProfileId !== SANDBOX_PROFILE.id &&
    !profiles.some((p) => p.id === result.activeProfileId)
  ) {
    result.activeProfileId = SANDBOX_PROFILE.id;
  }
  const unknown = Object.keys(raw).filter((key) => !Object.hasOwn(settingsSchema.shape, key));
  if (unknown.length > 0) {
    const names = unknown.join(', ');
    problems.push({ kind: 'setting_reset', ...worded('settings.notice.unknown', { names }) });
  }
  return { settings: settingsSchema.parse(result), problems };
}
