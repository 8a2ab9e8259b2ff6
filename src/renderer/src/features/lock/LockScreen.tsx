// What Paydesk shows while locked, instead of everything else: the pages are unmounted, so whatever was
// typed into them (a card number, a merchant secret) is gone. Only the passphrase opens it again.
import '@mantine/core/styles/PasswordInput.css';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { localTimeOfDay } from '@renderer/lib/local-time';
import { useLockStore } from '@renderer/lib/lock-store';
import { OPERATOR_LOCKOUT } from '@shared/ipc';
import { type FormEvent, useEffect, useRef, useState } from 'react';

/**
 * Whether main's lockout is still running by this clock. At its end main is asked again (lock.status
 * ends it there): the field and Unlock come back as main says, not by the page's own reckoning.
 */
function useLockedOut(lockedOutUntil: string | undefined): boolean {
  const refresh = useLockStore((state) => state.refresh);
  const endsAt = lockedOutUntil ? Date.parse(lockedOutUntil) : undefined;
  useEffect(() => {
    if (endsAt === undefined) return;
    const timer = window.setTimeout(() => void refresh(), Math.max(endsAt - Date.now(), 0) + 500);
    return () => window.clearTimeout(timer);
  }, [endsAt, refresh]);
  return endsAt !== undefined;
}

export function LockScreen() {
  const unlock = useLockStore((state) => state.unlock);
  const idleLockMinutes = useLockStore((state) => state.lock?.idleLockMinutes);
  const keychainProblem = useLockStore((state) => state.lock?.keychainProblem);
  const lockedOutUntil = useLockStore((state) => state.lock?.lockedOutUntil);
  const triesLeft = useLockStore((state) => state.lock?.triesLeft);
  const lockedOut = useLockedOut(lockedOutUntil);
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
                Too many wrong passphrases: no passphrase is checked until{' '}
                {localTimeOfDay(Date.parse(lockedOutUntil))}.
              </Alert>
            )}
            {/* Main's refusal of a wrong passphrase already counts the tries left: said once, not twice. */}
            {!lockedOut &&
              !problem &&
              triesLeft !== undefined &&
              triesLeft < OPERATOR_LOCKOUT.wrongPassphrases && (
                <Text size="sm" fw={700} c="red.9" data-testid="lock-tries-left">
                  {triesLeft} {triesLeft === 1 ? 'try' : 'tries'} left: then no passphrase is checked for{' '}
                  {OPERATOR_LOCKOUT.minutes} minutes.
                </Text>
              )}
            <PasswordInput
              ref={input}
              label="Operator passphrase"
              autoComplete="current-password"
              autoFocus
              disabled={lockedOut}
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
            <Button type="submit" color="indigo.7" loading={busy} disabled={lockedOut}>
              Unlock
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
