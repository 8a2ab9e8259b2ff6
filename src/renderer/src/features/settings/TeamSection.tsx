// Team mode's connection: the team's PostgreSQL database (host, port, database, this desk's role, the name
// other desks see), and the role's password and the team key, which go to the OS keychain and never come
// back to the page (it only learns whether they are set). Checked with the contract's own schema before
// it is sent; main checks again. Below them, how this desk's replication stands (ReplicationStatus).
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { errorMessage } from '@renderer/lib/paydesk';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { ReplicationStatus } from '@renderer/lib/team/ReplicationStatus';
import type { MessageKey } from '@shared/i18n/messages';
import { teamConnectionSchema, teamKeySchema } from '@shared/team';
import { type FormEvent, useState } from 'react';

type Fields = {
  host: string;
  port: string;
  database: string;
  user: string;
  deskName: string;
  caFile: string;
};

const LABELS: Record<keyof Fields, MessageKey> = {
  host: 'settings.team.host',
  port: 'settings.team.port',
  database: 'settings.team.database',
  user: 'settings.team.user',
  deskName: 'settings.team.deskName',
  caFile: 'settings.team.caFile',
};

/** What each field takes, said in the page's words rather than the schema's (which main also uses). */
const INVALID: Record<keyof Fields, MessageKey> = {
  host: 'settings.team.invalid.host',
  port: 'settings.team.invalid.port',
  database: 'settings.team.invalid.name',
  user: 'settings.team.invalid.name',
  deskName: 'settings.team.invalid.deskName',
  caFile: 'settings.team.invalid.caFile',
};

export function TeamSection() {
  const t = useT();
  const view = useSettingsStore((state) => state.view);
  const setTeam = useSettingsStore((state) => state.setTeam);
  const setTeamSecrets = useSettingsStore((state) => state.setTeamSecrets);
  const team = view?.settings.team;
  const [fields, setFields] = useState<Fields>({
    host: team?.host ?? '',
    port: String(team?.port ?? 5432),
    database: team?.database ?? 'paydesk_team',
    user: team?.user ?? '',
    deskName: team?.deskName ?? '',
    caFile: team?.caFile ?? '',
  });
  const [password, setPassword] = useState('');
  const [teamKey, setTeamKey] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const field = (name: keyof Fields) => ({
    label: t(LABELS[name]),
    value: fields[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setFields((current) => ({ ...current, [name]: value }));
    },
  });

  async function run(work: () => Promise<string>) {
    setProblem(undefined);
    setNotice(undefined);
    setBusy(true);
    try {
      setNotice(await work());
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function saveConnection(event: FormEvent) {
    event.preventDefault();
    const parsed = teamConnectionSchema.safeParse({
      host: fields.host,
      port: /^\d+$/.test(fields.port.trim()) ? Number(fields.port.trim()) : Number.NaN,
      database: fields.database,
      user: fields.user,
      deskName: fields.deskName,
      ...(fields.caFile.trim() && { caFile: fields.caFile }),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const name = issue?.path[0] as keyof Fields | undefined;
      setProblem(
        name && Object.hasOwn(LABELS, name)
          ? t('settings.team.invalid.field', { field: t(LABELS[name]), problem: t(INVALID[name]) })
          : t('settings.team.invalid.connection'),
      );
      return;
    }
    void run(async () => {
      await setTeam(parsed.data);
      return t('settings.team.connectionSaved');
    });
  }

  function saveSecrets(event: FormEvent) {
    event.preventDefault();
    const key = teamKey.trim() ? teamKeySchema.safeParse(teamKey) : undefined;
    if (key && !key.success) {
      setProblem(t('settings.team.invalid.key'));
      return;
    }
    if (!password && !key) {
      setProblem(t('settings.team.secretsMissing'));
      return;
    }
    void run(async () => {
      await setTeamSecrets({ ...(password && { password }), ...(key?.success && { key: key.data }) });
      setPassword('');
      setTeamKey('');
      return t('settings.team.secretsSaved');
    });
  }

  function leaveTeam() {
    void run(async () => {
      await setTeam(null);
      return t('settings.team.left');
    });
  }

  const secrets = view?.teamSecretsSet;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="team-title">
      <Stack gap="sm">
        <Title order={3} id="team-title">
          {t('settings.team.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.team.intro')}
        </Text>
        <form noValidate onSubmit={saveConnection} aria-label={t('settings.team.connection')}>
          <Stack gap="xs">
            <Group grow align="flex-start">
              <TextInput {...field('host')} required autoComplete="off" />
              <TextInput {...field('port')} required inputMode="numeric" maw="8rem" />
              <TextInput {...field('database')} required autoComplete="off" />
            </Group>
            <Group grow align="flex-start">
              <TextInput {...field('user')} required autoComplete="off" />
              <TextInput {...field('deskName')} description={t('settings.team.deskNameDescription')} />
              <TextInput {...field('caFile')} description={t('settings.team.caFileDescription')} />
            </Group>
            <Group justify="flex-end">
              {team && (
                <Button variant="default" color="red" onClick={leaveTeam} loading={busy}>
                  {t('settings.team.leave')}
                </Button>
              )}
              <Button type="submit" loading={busy}>
                {t('settings.team.saveConnection')}
              </Button>
            </Group>
          </Stack>
        </form>
        {team && (
          <form noValidate onSubmit={saveSecrets} aria-label={t('settings.team.secrets')}>
            <Stack gap="xs">
              <Group grow align="flex-start">
                <PasswordInput
                  label={t('settings.team.password')}
                  description={
                    secrets?.password ? t('settings.team.secretSet') : t('settings.team.secretNotSet')
                  }
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  autoComplete="new-password"
                />
                <PasswordInput
                  label={t('settings.team.key')}
                  description={secrets?.key ? t('settings.team.secretSet') : t('settings.team.keyNotSet')}
                  value={teamKey}
                  onChange={(event) => setTeamKey(event.currentTarget.value)}
                  autoComplete="off"
                />
              </Group>
              <Group justify="flex-end">
                <Button type="submit" variant="default" loading={busy}>
                  {t('settings.team.saveSecrets')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {team && <ReplicationStatus />}
        {problem && (
          <Alert color="red" p="xs" role="alert">
            {problem}
          </Alert>
        )}
        <Text size="sm" c="dimmed" role="status">
          {notice ?? ''}
        </Text>
      </Stack>
    </Paper>
  );
}
