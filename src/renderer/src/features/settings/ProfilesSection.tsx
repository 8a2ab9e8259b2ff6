// Connection profiles: the list (environment, active, secret) beside the chosen profile's editor, secret
// and connection test. Making a production profile active, deleting one and dropping unsaved edits ask
// first; the built-in Sandbox cannot be deleted.
import { Trans } from '@lingui/react';
import { Alert, Badge, Button, Group, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { type Translate, useT } from '@renderer/i18n/use-t';
import { type Confirmation, ConfirmDialog } from '@renderer/lib/ConfirmDialog';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { errorMessage } from '@renderer/lib/paydesk';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { type Profile, SANDBOX_PROFILE } from '@shared/profile';
import { useCallback, useState } from 'react';
import { ConnectionTest } from './ConnectionTest';
import { ENV_BADGE } from './environment-look';
import { ProfileEditor } from './ProfileEditor';
import { copyOf, emptyValues, formValuesOf } from './profile-form';
import { SecretPanel } from './SecretPanel';

const NEW = Symbol('new profile');
type Selection = string | typeof NEW;

const BOLD = { 0: <strong /> };
const BOLD_TWICE = { 0: <strong />, 1: <strong /> };

function EnvironmentBadge({ profile }: { profile: Profile }) {
  const t = useT();
  const look = ENV_BADGE[profile.environment];
  return (
    <Badge color={look.color} c={look.text} variant="filled" data-environment={profile.environment}>
      {t(`environment.${profile.environment}`)}
    </Badge>
  );
}

function ActiveBadge() {
  const t = useT();
  return (
    <Badge color="indigo.9" variant="outline" data-testid="active-marker">
      {t('settings.profiles.active')}
    </Badge>
  );
}

/** A list entry's second line: active or not, and whether its merchant secret is set. */
function itemDescription(t: Translate, active: boolean, secretSet: boolean): string {
  const secret = t(secretSet ? 'settings.profiles.item.secretSet' : 'settings.profiles.item.secretNotSet');
  return active ? t('settings.profiles.item.active', { secret }) : secret;
}

function ProfileList({
  profiles,
  activeId,
  secretSet,
  selected,
  onSelect,
}: {
  profiles: readonly Profile[];
  activeId: string;
  secretSet: Record<string, boolean>;
  selected: Selection;
  onSelect: (id: string) => void;
}) {
  const t = useT();
  // The built-in Sandbox first, then by name: the order does not jump when one is renamed.
  const sorted = [...profiles].sort((a, b) =>
    a.id === SANDBOX_PROFILE.id ? -1 : b.id === SANDBOX_PROFILE.id ? 1 : a.name.localeCompare(b.name),
  );
  return (
    <Stack
      component="ul"
      gap={4}
      p={0}
      m={0}
      aria-label={t('settings.profiles.title')}
      style={{ listStyle: 'none' }}
    >
      {sorted.map((profile) => {
        const active = profile.id === activeId;
        const isSelected = profile.id === selected;
        return (
          <li key={profile.id} data-testid="profile-item" data-profile-id={profile.id}>
            <NavLink
              component="button"
              type="button"
              active={isSelected}
              aria-current={isSelected ? 'true' : undefined}
              onClick={() => onSelect(profile.id)}
              label={
                <Text span fw={600} size="sm" c="dark.9">
                  {profile.name}
                </Text>
              }
              // Mantine's active look tints the description in the primary colour, below AA contrast.
              styles={{ description: { color: 'var(--mantine-color-gray-8)', opacity: 1 } }}
              description={itemDescription(t, active, secretSet[profile.id] ?? false)}
              rightSection={<EnvironmentBadge profile={profile} />}
              style={
                profile.environment === 'production'
                  ? { borderLeft: '4px solid var(--mantine-color-red-9)' }
                  : { borderLeft: '4px solid transparent' }
              }
            />
          </li>
        );
      })}
    </Stack>
  );
}

export function ProfilesSection() {
  const t = useT();
  const view = useSettingsStore((state) => state.view);
  const keychain = useSettingsStore((state) => state.appInfo?.keychain.available ?? false);
  const activateProfile = useSettingsStore((state) => state.activateProfile);
  const saveProfile = useSettingsStore((state) => state.saveProfile);
  const removeProfile = useSettingsStore((state) => state.removeProfile);
  const [selected, setSelected] = useState<Selection>(() => view?.settings.activeProfileId ?? '');
  const [dirty, setDirty] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  if (!view) return null;
  const { profiles, activeProfileId } = view.settings;
  const profile =
    selected === NEW ? undefined : (profiles.find((candidate) => candidate.id === selected) ?? profiles[0]);

  /** Leaves the editor, asking first when it holds unsaved changes. */
  function leaveEditor(then: () => void) {
    if (!dirty) {
      then();
      return;
    }
    setConfirmation({
      title: t('settings.profiles.discardTitle'),
      body: t('settings.profiles.discardBody'),
      confirmLabel: t('settings.profiles.discardChanges'),
      onConfirm: () => {
        setDirty(false);
        then();
      },
    });
  }

  function select(next: Selection) {
    if (next === selected) return;
    leaveEditor(() => {
      setNotice(undefined);
      setProblem(undefined);
      setSelected(next);
    });
  }

  async function run(step: () => Promise<void>) {
    setProblem(undefined);
    try {
      await step();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  function activate(target: Profile) {
    setNotice(undefined);
    if (target.environment !== 'production') {
      void run(async () => {
        await activateProfile(target.id);
        setNotice(t('settings.profiles.activated', { name: target.name }));
      });
      return;
    }
    setConfirmation({
      title: t('settings.profiles.productionTitle'),
      body: (
        <Trans id="settings.profiles.productionBody" values={{ name: target.name }} components={BOLD_TWICE} />
      ),
      confirmLabel: t('settings.profiles.productionConfirm'),
      danger: true,
      onConfirm: async () => {
        await activateProfile(target.id);
        setNotice(t('settings.profiles.activatedProduction', { name: target.name }));
      },
    });
  }

  function duplicate(original: Profile) {
    leaveEditor(
      () =>
        void run(async () => {
          const copy = copyOf(
            original,
            profiles.map((candidate) => candidate.name),
          );
          await saveProfile(copy);
          setDirty(false);
          setSelected(copy.id);
          setNotice(t('settings.profiles.copied', { name: copy.name }));
        }),
    );
  }

  function remove(target: Profile) {
    setNotice(undefined);
    const active = target.id === activeProfileId;
    setConfirmation({
      title: t('settings.profiles.deleteTitle'),
      body: (
        <Stack gap="xs">
          <Text size="sm">
            <Trans
              id={keychain ? 'settings.profiles.deleteBodyKeychain' : 'settings.profiles.deleteBodyMemory'}
              values={{ name: target.name }}
              components={BOLD}
            />
          </Text>
          {active && <Text size="sm">{t('settings.profiles.deleteActive')}</Text>}
        </Stack>
      ),
      confirmLabel: t('settings.profiles.deleteConfirm'),
      danger: true,
      onConfirm: async () => {
        await removeProfile(target.id);
        setDirty(false);
        setSelected(useSettingsStore.getState().view?.settings.activeProfileId ?? SANDBOX_PROFILE.id);
        setNotice(t('settings.profiles.deleted', { name: target.name }));
      },
    });
  }

  const isActive = profile?.id === activeProfileId;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profiles-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Stack gap={0}>
            <Title order={3} id="profiles-title">
              {t('settings.profiles.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('settings.profiles.intro')}
            </Text>
          </Stack>
          <Button variant="default" onClick={() => select(NEW)} disabled={selected === NEW}>
            {t('settings.profiles.add')}
          </Button>
        </Group>
        {notice && (
          <Alert color="green" p="xs" role="status" data-testid="profiles-notice">
            {notice}
          </Alert>
        )}
        <ProblemAlert problem={problem} />
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Stack w="17rem" style={{ flexShrink: 0 }}>
            <ProfileList
              profiles={profiles}
              activeId={activeProfileId}
              secretSet={view.secretSet}
              selected={selected === NEW ? NEW : (profile?.id ?? '')}
              onSelect={select}
            />
          </Stack>
          <Stack gap="md" style={{ flex: 1, minWidth: 0 }} data-testid="profile-detail">
            {selected === NEW || !profile ? (
              <>
                <Title order={4}>{t('settings.profiles.new')}</Title>
                <ProfileEditor
                  key="new"
                  initial={emptyValues()}
                  isNew
                  onDirtyChange={onDirtyChange}
                  onCancelNew={() => {
                    setDirty(false);
                    setSelected(activeProfileId);
                  }}
                  onSaved={(saved) => {
                    setDirty(false);
                    setSelected(saved.id);
                    setNotice(t('settings.profiles.created', { name: saved.name }));
                  }}
                />
              </>
            ) : (
              <>
                <Group justify="space-between" align="center">
                  <Group gap="xs">
                    <Title order={4}>{profile.name}</Title>
                    <EnvironmentBadge profile={profile} />
                    {isActive && <ActiveBadge />}
                  </Group>
                  <Group gap="xs">
                    {!isActive && (
                      <Button
                        color={profile.environment === 'production' ? 'red.9' : 'indigo.7'}
                        onClick={() => activate(profile)}
                      >
                        {t('settings.profiles.makeActive')}
                      </Button>
                    )}
                    <Button variant="default" onClick={() => duplicate(profile)}>
                      {t('settings.profiles.duplicate')}
                    </Button>
                    {profile.id !== SANDBOX_PROFILE.id && (
                      <Button variant="outline" color="red.9" onClick={() => remove(profile)}>
                        {t('settings.profiles.delete')}
                      </Button>
                    )}
                  </Group>
                </Group>
                {profile.id === SANDBOX_PROFILE.id && (
                  <Text size="xs" c="dimmed" mt={-8}>
                    {t('settings.profiles.builtIn')}
                  </Text>
                )}
                <ProfileEditor
                  key={`editor-${profile.id}`}
                  initial={formValuesOf(profile)}
                  isNew={false}
                  onDirtyChange={onDirtyChange}
                  onCancelNew={() => undefined}
                  onSaved={() => setNotice(undefined)}
                />
                <Stack gap="lg" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                  {/* Keys unique among siblings: two children keyed alike left the last profile's panel
                      on screen when another profile was chosen (one secret panel per profile clicked). */}
                  <SecretPanel
                    key={`secret-${profile.id}`}
                    profile={profile}
                    secretSet={view.secretSet[profile.id] ?? false}
                    confirm={setConfirmation}
                  />
                  <ConnectionTest key={`test-${profile.id}`} profileId={profile.id} unsaved={dirty} />
                </Stack>
              </>
            )}
          </Stack>
        </Group>
      </Stack>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(undefined)} />
    </Paper>
  );
}
