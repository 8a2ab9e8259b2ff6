// What Paydesk shows until someone is signed in, instead of everything else: the shell's pages are not
// mounted, so nothing typed by the last person is left. Which screen follows main's session: the first
// supervisor of a new desk, an enrolment, sign-in, the locked desk (the same person signs in again, or
// another switches operator) and an account store main cannot trust.
import '@mantine/core/styles/PasswordInput.css';
import {
  Alert,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { roleName, type Translate, useT } from '@renderer/i18n/use-t';
import { CodeInput } from '@renderer/lib/CodeInput';
import { useSessionStore } from '@renderer/lib/session-store';
import type { MessageKey } from '@shared/i18n/messages';
import {
  type Enrolment,
  OPERATOR_PASSPHRASE_MIN,
  operatorIdSchema,
  type SignedInOperator,
} from '@shared/operators';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';

function Frame({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Center mih="100vh" bg="gray.1" component="main" data-testid="session-screen" py="lg">
      <Paper withBorder shadow="sm" p="xl" w="30rem" maw="calc(100vw - 2rem)" radius="md">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text size="sm" c="gray.7">
              {intro}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

function Problem({ id, problem }: { id: string; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <Alert color="red" role="alert" id={id} p="xs">
      {problem}
    </Alert>
  );
}

/** A new passphrase twice: at least 12 characters (PCI DSS 8.3.6), the same both times. */
function newPassphraseProblem(t: Translate, passphrase: string, repeat: string): string | undefined {
  if (passphrase.length < OPERATOR_PASSPHRASE_MIN) {
    return t('session.problem.passphraseShort', { min: OPERATOR_PASSPHRASE_MIN });
  }
  if (passphrase !== repeat) return t('session.problem.passphrasesDiffer');
  return undefined;
}

const CODE_PATTERN = /^\d{6}$/;

/** A new passphrase and the same again, each a field of its own. */
function NewPassphraseFields(props: {
  labels: [string, string];
  description: string;
  values: [string, string];
  onChange: [(value: string) => void, (value: string) => void];
}) {
  return (
    <>
      {props.labels.map((label, index) => (
        <PasswordInput
          key={label}
          label={label}
          description={index === 0 ? props.description : undefined}
          autoComplete="new-password"
          required
          value={props.values[index]}
          onChange={(event) => props.onChange[index]!(event.currentTarget.value)}
        />
      ))}
    </>
  );
}

function SessionCodeInput({
  value,
  onChange,
  description,
}: {
  value: string;
  onChange: (value: string) => void;
  description?: string;
}) {
  const t = useT();
  return (
    <CodeInput
      label={t('session.code.label')}
      description={description ?? t('session.code.description')}
      autoComplete="one-time-code"
      value={value}
      onChange={onChange}
    />
  );
}

function SignInForm({ locked }: { locked?: SignedInOperator }) {
  const t = useT();
  const signIn = useSessionStore((state) => state.signIn);
  const signOut = useSessionStore((state) => state.signOut);
  const [operatorId, setOperatorId] = useState(locked?.id ?? '');
  const [passphrase, setPassphrase] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // No code only for a new or reset account's first sign-in (it enrols next): main decides which it is.
    if (!operatorId.trim() || !passphrase || (code !== '' && !CODE_PATTERN.test(code))) {
      setProblem(t('session.problem.signInIncomplete'));
      return;
    }
    setBusy(true);
    const refused = await signIn({ operatorId, passphrase, ...(code !== '' && { code }) });
    // Signed in: this screen goes with what was typed. Refused: the passphrase and code afresh.
    if (refused === undefined) return;
    setBusy(false);
    setPassphrase('');
    setCode('');
    setProblem(refused);
    first.current?.focus();
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('session.signIn.form')}>
      <Stack gap="sm">
        <TextInput
          ref={first}
          label={t('session.operatorId')}
          autoComplete="username"
          autoFocus={!locked}
          required
          value={operatorId}
          onChange={(event) => setOperatorId(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('session.passphrase')}
          autoComplete="current-password"
          autoFocus={Boolean(locked)}
          required
          value={passphrase}
          onChange={(event) => setPassphrase(event.currentTarget.value)}
        />
        <SessionCodeInput
          value={code}
          onChange={setCode}
          description={t('session.code.descriptionFirstSignIn')}
        />
        <Problem id="sign-in-problem" problem={problem} />
        <Button type="submit" color="indigo.7" loading={busy}>
          {t('session.signIn.submit')}
        </Button>
        {locked && (
          <Button variant="subtle" onClick={() => void signOut()}>
            {t('session.switchOperator')}
          </Button>
        )}
      </Stack>
    </form>
  );
}

function FirstSupervisorForm({ suggestedName }: { suggestedName: string | undefined }) {
  const t = useT();
  const create = useSessionStore((state) => state.createFirstSupervisor);
  const [id, setId] = useState('');
  const [displayName, setDisplayName] = useState(suggestedName ?? '');
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const idCheck = operatorIdSchema.safeParse(id);
    const local = !idCheck.success
      ? t('session.problem.operatorIdShape')
      : !displayName.trim()
        ? t('session.problem.nameMissing')
        : newPassphraseProblem(t, passphrase, repeat);
    if (local) {
      setProblem(local);
      return;
    }
    setBusy(true);
    const refused = await create({ id, displayName, passphrase });
    setBusy(false);
    setProblem(refused);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('session.first.form')}>
      <Stack gap="sm">
        <TextInput
          label={t('session.operatorId')}
          description={t('session.first.idDescription')}
          autoComplete="off"
          autoFocus
          required
          value={id}
          onChange={(event) => setId(event.currentTarget.value)}
        />
        <TextInput
          label={t('session.first.nameShown')}
          autoComplete="name"
          required
          maxLength={60}
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
        />
        <NewPassphraseFields
          labels={[t('session.passphrase'), t('session.passphraseAgain')]}
          description={t('session.first.passphraseDescription', { min: OPERATOR_PASSPHRASE_MIN })}
          values={[passphrase, repeat]}
          onChange={[setPassphrase, setRepeat]}
        />
        <Problem id="first-supervisor-problem" problem={problem} />
        <Button type="submit" color="indigo.7" loading={busy}>
          {t('session.first.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The base32 secret in groups of four, for typing into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function EnrolmentForm({ enrolment }: { enrolment: Enrolment }) {
  const t = useT();
  const complete = useSessionStore((state) => state.completeEnrolment);
  const signOut = useSessionStore((state) => state.signOut);
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The QR code as an image: main's SVG text is never put into the page's markup.
  const qrSource = `data:image/svg+xml;base64,${btoa(enrolment.qrSvg)}`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const local =
      (enrolment.needsPassphrase ? newPassphraseProblem(t, passphrase, repeat) : undefined) ??
      (CODE_PATTERN.test(code) ? undefined : t('session.problem.codeMissing'));
    if (local) {
      setProblem(local);
      return;
    }
    setBusy(true);
    const refused = await complete({ ...(enrolment.needsPassphrase && { passphrase }), code });
    setBusy(false);
    if (refused !== undefined) setCode('');
    setProblem(refused);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('session.enrol.form')}>
      <Stack gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <img
            src={qrSource}
            alt={t('session.enrol.qrAlt', { operatorId: enrolment.operatorId })}
            width={168}
            height={168}
          />
          <Stack gap={4}>
            <Text size="sm">{t('session.enrol.scan')}</Text>
            <Text ff="monospace" fw={700} data-testid="enrolment-secret">
              {grouped(enrolment.secret)}
            </Text>
          </Stack>
        </Group>
        {enrolment.needsPassphrase && (
          <NewPassphraseFields
            labels={[t('session.enrol.newPassphrase'), t('session.enrol.newPassphraseAgain')]}
            description={t('session.enrol.passphraseDescription', { min: OPERATOR_PASSPHRASE_MIN })}
            values={[passphrase, repeat]}
            onChange={[setPassphrase, setRepeat]}
          />
        )}
        <SessionCodeInput value={code} onChange={setCode} />
        <Problem id="enrolment-problem" problem={problem} />
        <Button type="submit" color="indigo.7" loading={busy}>
          {t('session.enrol.submit')}
        </Button>
        <Button variant="subtle" onClick={() => void signOut()}>
          {t('session.enrol.cancel')}
        </Button>
      </Stack>
    </form>
  );
}

export function SessionScreen() {
  const t = useT();
  const session = useSessionStore((state) => state.session);
  const statusError = useSessionStore((state) => state.statusError);
  if (!session) {
    return (
      <Frame title="Paydesk" intro={t('session.unknown.intro')}>
        <Alert color="red" role="alert">
          {statusError ?? t('session.unknown.waiting')}
        </Alert>
      </Frame>
    );
  }
  switch (session.kind) {
    case 'first-start':
      return (
        <Frame title={t('session.firstStart.title')} intro={t('session.firstStart.intro')}>
          <FirstSupervisorForm suggestedName={session.suggestedDisplayName} />
        </Frame>
      );
    case 'enrolling':
      return (
        <Frame
          title={t('session.enrolling.title', { name: session.enrolment.displayName })}
          intro={t('session.enrolling.intro')}
        >
          <EnrolmentForm enrolment={session.enrolment} />
        </Frame>
      );
    case 'signed-in':
      return (
        <Frame
          title={t('session.locked.title', { name: session.operator.displayName })}
          intro={t('session.locked.intro', {
            role: roleName(t, session.operator),
            operatorId: session.operator.id,
            minutes: session.idleLockMinutes,
          })}
        >
          <SignInForm locked={session.operator} />
        </Frame>
      );
    case 'damaged':
      return (
        <Frame title={t('session.damaged.title')} intro={t('session.damaged.intro')}>
          <Alert color="red" role="alert" data-testid="session-damaged">
            {session.words ? t(session.words.key as MessageKey, session.words.values) : session.message}
          </Alert>
        </Frame>
      );
    default:
      return (
        <Frame title={t('session.signedOut.title')} intro={t('session.signedOut.intro')}>
          {session.enrolmentEnded && (
            <Alert color="yellow" role="alert" mb="sm" data-testid="session-enrolment-ended">
              {t(
                session.enrolmentEnded === 'reset'
                  ? 'session.signedOut.enrolmentReset'
                  : 'session.signedOut.enrolmentRefused',
              )}
            </Alert>
          )}
          <SignInForm />
        </Frame>
      );
  }
}
