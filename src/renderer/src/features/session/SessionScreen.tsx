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
import { useSessionStore } from '@renderer/lib/session-store';
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
function newPassphraseProblem(passphrase: string, repeat: string): string | undefined {
  if (passphrase.length < OPERATOR_PASSPHRASE_MIN) {
    return `The passphrase needs at least ${OPERATOR_PASSPHRASE_MIN} characters.`;
  }
  if (passphrase !== repeat) return 'The two passphrases differ: type the same one twice.';
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

function CodeInput({
  value,
  onChange,
  description = '6 digits; a new one every 30 seconds.',
}: {
  value: string;
  onChange: (value: string) => void;
  description?: string;
}) {
  return (
    <TextInput
      label="Code from your authenticator app"
      description={description}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, ''))}
    />
  );
}

function SignInForm({ locked }: { locked?: SignedInOperator }) {
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
      setProblem('Type your operator id, your passphrase and the 6-digit code.');
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
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="sm">
        <TextInput
          ref={first}
          label="Operator id"
          autoComplete="username"
          autoFocus={!locked}
          required
          value={operatorId}
          onChange={(event) => setOperatorId(event.currentTarget.value)}
        />
        <PasswordInput
          label="Passphrase"
          autoComplete="current-password"
          autoFocus={Boolean(locked)}
          required
          value={passphrase}
          onChange={(event) => setPassphrase(event.currentTarget.value)}
        />
        <CodeInput
          value={code}
          onChange={setCode}
          description="6 digits; a new one every 30 seconds. Leave it empty at your first sign-in with the passphrase a supervisor gave you."
        />
        <Problem id="sign-in-problem" problem={problem} />
        <Button type="submit" color="indigo.7" loading={busy}>
          Sign in
        </Button>
        {locked && (
          <Button variant="subtle" onClick={() => void signOut()}>
            Switch operator
          </Button>
        )}
      </Stack>
    </form>
  );
}

function FirstSupervisorForm({ suggestedName }: { suggestedName: string | undefined }) {
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
      ? idCheck.error.issues[0]?.message
      : !displayName.trim()
        ? 'Type the name to show for this supervisor.'
        : newPassphraseProblem(passphrase, repeat);
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
    <form onSubmit={onSubmit} noValidate aria-label="Create the first supervisor">
      <Stack gap="sm">
        <TextInput
          label="Operator id"
          description="Never changes and is never reused, e.g. ana.ruiz."
          autoComplete="off"
          autoFocus
          required
          value={id}
          onChange={(event) => setId(event.currentTarget.value)}
        />
        <TextInput
          label="Name shown"
          autoComplete="name"
          required
          maxLength={60}
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
        />
        <NewPassphraseFields
          labels={['Passphrase', 'Passphrase again']}
          description={`At least ${OPERATOR_PASSPHRASE_MIN} characters.`}
          values={[passphrase, repeat]}
          onChange={[setPassphrase, setRepeat]}
        />
        <Problem id="first-supervisor-problem" problem={problem} />
        <Button type="submit" color="indigo.7" loading={busy}>
          Create and continue
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
      (enrolment.needsPassphrase ? newPassphraseProblem(passphrase, repeat) : undefined) ??
      (CODE_PATTERN.test(code) ? undefined : 'Type the 6-digit code the app shows now.');
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
    <form onSubmit={onSubmit} noValidate aria-label="Set up your authenticator">
      <Stack gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <img
            src={qrSource}
            alt={`QR code to add ${enrolment.operatorId} to an authenticator app`}
            width={168}
            height={168}
          />
          <Stack gap={4}>
            <Text size="sm">
              Scan the code with an authenticator app (Google Authenticator, Microsoft Authenticator,
              1Password, FreeOTP…), or type this key into it:
            </Text>
            <Text ff="monospace" fw={700} data-testid="enrolment-secret">
              {grouped(enrolment.secret)}
            </Text>
          </Stack>
        </Group>
        {enrolment.needsPassphrase && (
          <NewPassphraseFields
            labels={['Your new passphrase', 'New passphrase again']}
            description={`At least ${OPERATOR_PASSPHRASE_MIN} characters, not the one you were given.`}
            values={[passphrase, repeat]}
            onChange={[setPassphrase, setRepeat]}
          />
        )}
        <CodeInput value={code} onChange={setCode} />
        <Problem id="enrolment-problem" problem={problem} />
        <Button type="submit" color="indigo.7" loading={busy}>
          Confirm and sign in
        </Button>
        <Button variant="subtle" onClick={() => void signOut()}>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}

export function SessionScreen() {
  const session = useSessionStore((state) => state.session);
  const statusError = useSessionStore((state) => state.statusError);
  if (!session) {
    return (
      <Frame title="Paydesk" intro="Paydesk could not say who is at the desk.">
        <Alert color="red" role="alert">
          {statusError ?? 'Waiting for Paydesk…'}
        </Alert>
      </Frame>
    );
  }
  switch (session.kind) {
    case 'first-start':
      return (
        <Frame
          title="Welcome to Paydesk"
          intro="This desk has no operators yet. Create its first supervisor: the person who adds the others. You will set up an authenticator app next."
        >
          <FirstSupervisorForm suggestedName={session.suggestedDisplayName} />
        </Frame>
      );
    case 'enrolling':
      return (
        <Frame
          title={`Set up your authenticator, ${session.enrolment.displayName}`}
          intro="Paydesk asks for a code from your phone at every sign-in (PCI DSS 8.4.2)."
        >
          <EnrolmentForm enrolment={session.enrolment} />
        </Frame>
      );
    case 'signed-in':
      return (
        <Frame
          title={`Locked — ${session.operator.displayName}`}
          intro={`${session.operator.roleLabel} ${session.operator.id} locked Paydesk, or it locked itself after ${session.idleLockMinutes} minutes without activity. Anything typed has been cleared. Sign in again to go on; another operator can switch.`}
        >
          <SignInForm locked={session.operator} />
        </Frame>
      );
    case 'damaged':
      return (
        <Frame title="Nobody can sign in" intro="Paydesk cannot trust its operator accounts.">
          <Alert color="red" role="alert" data-testid="session-damaged">
            {session.message}
          </Alert>
        </Frame>
      );
    default:
      return (
        <Frame
          title="Sign in to Paydesk"
          intro="Your operator id, your passphrase and the code from your authenticator app."
        >
          <SignInForm />
        </Frame>
      );
  }
}
