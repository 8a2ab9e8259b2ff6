// Team mode's connection: the team's PostgreSQL database (host, port, database, this desk's role, the name
// other desks see), and the role's password and the team key, which go to the OS keychain and never come
// back to the page (it only learns whether they are set). Checked with the contract's own schema before
// it is sent; main checks again. Below them, how this desk's replication stands (ReplicationStatus).
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorMessage } from '@renderer/lib/paydesk';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { ReplicationStatus } from '@renderer/lib/team/ReplicationStatus';
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

const LABELS: Record<keyof Fields, string> = {
  host: 'Host',
  port: 'Port',
  database: 'Database',
  user: "This desk's role",
  deskName: 'Desk name',
  caFile: 'CA certificate file',
};

export function TeamSection() {
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
    label: LABELS[name],
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
      setProblem(`${name ? `${LABELS[name]}: ` : ''}${issue?.message ?? 'not valid'}`);
      return;
    }
    void run(async () => {
      await setTeam(parsed.data);
      return 'Team connection saved.';
    });
  }

  function saveSecrets(event: FormEvent) {
    event.preventDefault();
    const key = teamKey.trim() ? teamKeySchema.safeParse(teamKey) : undefined;
    if (key && !key.success) {
      setProblem(key.error.issues[0]?.message ?? 'The team key is not valid.');
      return;
    }
    if (!password && !key) {
      setProblem('Enter the password, the team key, or both.');
      return;
    }
    void run(async () => {
      await setTeamSecrets({ ...(password && { password }), ...(key?.success && { key: key.data }) });
      setPassword('');
      setTeamKey('');
      return 'Saved in the keychain.';
    });
  }

  function leaveTeam() {
    void run(async () => {
      await setTeam(null);
      return 'Team mode is off: this desk works alone.';
    });
  }

  const secrets = view?.teamSecretsSet;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="team-title">
      <Stack gap="sm">
        <Title order={3} id="team-title">
          Team
        </Title>
        <Text size="sm" c="dimmed">
          Optional: share history and the duplicate check with the team's desks through the team's PostgreSQL
          database, with the connection details your administrator gives you. Any host but this computer is
          reached over TLS with its certificate verified.
        </Text>
        <form noValidate onSubmit={saveConnection} aria-label="Team connection">
          <Stack gap="xs">
            <Group grow align="flex-start">
              <TextInput {...field('host')} required autoComplete="off" />
              <TextInput {...field('port')} required inputMode="numeric" maw="8rem" />
              <TextInput {...field('database')} required autoComplete="off" />
            </Group>
            <Group grow align="flex-start">
              <TextInput {...field('user')} required autoComplete="off" />
              <TextInput
                {...field('deskName')}
                description="Shown to other desks; empty: this computer's name."
              />
              <TextInput
                {...field('caFile')}
                description="PEM file, when the system does not trust the server's CA."
              />
            </Group>
            <Group justify="flex-end">
              {team && (
                <Button variant="default" color="red" onClick={leaveTeam} loading={busy}>
                  Leave team mode
                </Button>
              )}
              <Button type="submit" loading={busy}>
                Save team connection
              </Button>
            </Group>
          </Stack>
        </form>
        {team && (
          <form noValidate onSubmit={saveSecrets} aria-label="Team secrets">
            <Stack gap="xs">
              <Group grow align="flex-start">
                <PasswordInput
                  label="Role password"
                  description={secrets?.password ? 'Set (in the keychain).' : 'Not set.'}
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  autoComplete="new-password"
                />
                <PasswordInput
                  label="Team key"
                  description={
                    secrets?.key
                      ? 'Set (in the keychain).'
                      : 'Not set: 64 hex characters from the administrator.'
                  }
                  value={teamKey}
                  onChange={(event) => setTeamKey(event.currentTarget.value)}
                  autoComplete="off"
                />
              </Group>
              <Group justify="flex-end">
                <Button type="submit" variant="default" loading={busy}>
                  Save in the keychain
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
