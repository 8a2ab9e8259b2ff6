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

type SettingsProblem = Omit<SettingsNotice, 'backupFile'>;

const LABELS: Record<string, string> = {
  operatorName: 'operator name',
  activeProfileId: 'active profile',
  idleLockMinutes: 'idle lock time',
  team: 'team connection',
  languages: "operators' languages",
};

function firstIssue(error: { issues: readonly { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.');
  return `${path ? `${path}: ` : ''}${issue?.message ?? 'not valid'}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What an operator would call the profile: its name, else its id, else its place in the list. */
function profileLabel(entry: unknown, index: number): string {
  if (isRecord(entry)) {
    for (const key of ['name', 'id']) {
      const value = entry[key];
      if (typeof value === 'string' && value.trim() !== '') return `"${value.trim().slice(0, 60)}"`;
    }
  }
  return `number ${index + 1} in the list`;
}

function readBackProfiles(raw: unknown, activeProfileId: unknown, problems: SettingsProblem[]): Profile[] {
  if (raw === undefined) return settingsSchema.shape.profiles.parse(undefined);
  if (!Array.isArray(raw)) {
    problems.push({
      kind: 'setting_reset',
      message:
        'The connection profiles were not a list, so none could be read: only the Sandbox profile is left.',
    });
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
    const why = parsed.success ? `another profile has the id "${parsed.data.id}"` : firstIssue(parsed.error);
    const wasActive =
      isRecord(entry) && entry.id === activeProfileId && activeProfileId !== SANDBOX_PROFILE.id;
    problems.push({
      kind: 'profile_dropped',
      message:
        `The profile ${profileLabel(entry, index)} was not valid (${why}) and has been left out.` +
        (wasActive
          ? ' It was the active profile: Paydesk uses the Sandbox profile — no real card is charged — until another is chosen.'
          : ''),
    });
  });
  return kept;
}

export function readBackSettings(raw: unknown): { settings: Settings; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  if (raw === undefined) return { settings: settingsSchema.parse({}), problems };
  if (!isRecord(raw)) {
    problems.push({
      kind: 'setting_reset',
      message: 'The settings were not a JSON object, so all of them are back to their defaults.',
    });
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
    problems.push({
      kind: 'setting_reset',
      message: `The ${LABELS[key] ?? key} setting was not valid (${firstIssue(parsed.error)}) and is back to its default.`,
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
    problems.push({
      kind: 'setting_reset',
      message: `Settings this version of Paydesk does not know were left out: ${unknown.join(', ')}.`,
    });
  }
  return { settings: settingsSchema.parse(result), problems };
}
