// What Paydesk shows while locked, instead of everything else: the pages are unmounted, so whatever was
// typed into them (a card number, a merchant secret) is gone. Only the passphrase opens it again.
import '@mantine/core/styles/PasswordInput.css';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useLockStore } from './store';

/** The lockout's end in the operator's own clock format. */
function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

export function LockScreen() {
  const unlock = useLockStore((state) => state.unlock);
  const idleLockMinutes = useLockStore((state) => state.lock?.idleLockMinutes);
  const keychainProblem = useLockStore((state) => state.lock?.keychainProblem);
  const lockedOutUntil = useLockStore((state) => state.lock?.lockedOutUntil);
  const [passphrase, setPassphrase] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!passphrase) {
      setProblem('Type the operator passphrase.');
      input.current?.focus();
      return;
    }
    setBusy(true);
    const refused = await unlock(passphrase);
    // Unlocked: this screen is unmounted with the typed passphrase. Refused: start the field afresh.
    if (refused === undefined) return;
    setBusy(false);
    setPassphrase('');
    // The keychain's long explanation is already on screen: say only that it still applies.
    const unchanged = refused === useLockStore.getState().lock?.keychainProblem;
    setProblem(unchanged ? 'The OS keychain still cannot be read: see above.' : refused);
    input.current?.focus();
  }

  return (
    <Center mih="100vh" bg="gray.1" component="main" data-testid="lock-screen">
      <Paper withBorder shadow="sm" p="xl" w="26rem" radius="md">
        <form onSubmit={onSubmit} noValidate aria-label="Unlock Paydesk">
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} size="h2">
                Paydesk is locked
              </Title>
              <Text size="sm" c="gray.7">
                {idleLockMinutes
                  ? `Paydesk locks after ${idleLockMinutes} ${idleLockMinutes === 1 ? 'minute' : 'minutes'} without activity, or when an operator locks it.`
                  : 'Paydesk was locked.'}{' '}
                Anything typed into a form has been cleared.
              </Text>
            </Stack>
            {keychainProblem && (
              <Alert color="red" title="The OS keychain cannot be read" data-testid="lock-keychain-problem">
                {keychainProblem}
              </Alert>
            )}
            {lockedOutUntil && (
              <Alert color="yellow" data-testid="lock-lockout">
                Too many wrong passphrases: no passphrase is checked until {timeOfDay(lockedOutUntil)}.
              </Alert>
            )}
            <PasswordInput
              ref={input}
              label="Operator passphrase"
              autoComplete="current-password"
              autoFocus
              value={passphrase}
              onChange={(event) => setPassphrase(event.currentTarget.value)}
              error={problem ? true : undefined}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'unlock-problem' : undefined}
            />
            {problem && (
              <Alert color="red" role="alert" id="unlock-problem" p="xs">
                {problem}
              </Alert>
            )}
            <Button type="submit" color="indigo.7" loading={busy}>
              Unlock
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
