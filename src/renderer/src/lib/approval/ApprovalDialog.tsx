// A supervisor's approval at the desk (four eyes): what main says waits for one, who asked, and the
// supervisor's own id, passphrase and code. Main checks them (approvals.grant) and refuses a requester
// approving themselves, unless they are the desk's only supervisor, which the dialog says and main audits.
import '@mantine/core/styles/PasswordInput.css';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { ApprovalRequest } from '@shared/approvals';
import { type FormEvent, useRef, useState } from 'react';
import { ProblemAlert } from '../ProblemAlert';
import { call } from '../paydesk';
import { useAction } from '../use-action';
import { useApprovalRequest } from './approval-request';

const ACTION_TITLES = {
  'payin.over_limit': 'A pay-in above the limit',
  'profile.production': 'Switching to production',
  'card.remove': 'Removing a stored card',
  'export.personal_data': 'An export of personal data',
  'operator.change': 'A change to operators',
} as const;

export function ApprovalDialog() {
  const waiting = useApprovalRequest((state) => state.waiting);
  const settle = useApprovalRequest((state) => state.settle);
  // The words stay while the dialog fades out after an answer.
  const last = useRef<ApprovalRequest | undefined>(undefined);
  if (waiting) last.current = waiting.request;
  const request = last.current;
  const [supervisorId, setSupervisorId] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, setProblem, run } = useAction();
  const [shownId, setShownId] = useState<string | undefined>();

  // A new request starts clean; the requester's id is offered when they may approve it themselves.
  if (request && request.id !== shownId) {
    setShownId(request.id);
    setSupervisorId(request.selfApprovalAllowed ? request.requestedBy.id : '');
    setPassphrase('');
    setCode('');
    setProblem(undefined);
  }

  function close(approved: boolean) {
    setPassphrase('');
    setCode('');
    setProblem(undefined);
    settle(approved);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!request || !waiting) return;
    const granted = await run(() =>
      call('approvals.grant', { requestId: request.id, supervisorId, passphrase, code }),
    );
    if (granted) close(true);
    else setCode('');
  }

  return (
    <Modal
      opened={waiting !== undefined}
      onClose={() => close(false)}
      title={request ? `Supervisor approval: ${ACTION_TITLES[request.action].toLowerCase()}` : ''}
      centered
      closeButtonProps={{ 'aria-label': 'Cancel' }}
    >
      {request && (
        <form onSubmit={(event) => void onSubmit(event)} data-testid="approval-dialog">
          <Stack gap="sm">
            <Text size="sm">
              <strong>{request.requestedBy.displayName}</strong> ({request.requestedBy.id}) asks for{' '}
              {request.summary}.
            </Text>
            <Text size="sm" c="gray.7">
              {request.selfApprovalAllowed
                ? 'You are this desk’s only supervisor: approve it yourself with your passphrase and a new code. It is recorded as that exception.'
                : 'A supervisor approves it here, with their own operator id, passphrase and code. Nothing is done until then.'}
            </Text>
            <TextInput
              label="Supervisor’s operator id"
              autoComplete="off"
              required
              value={supervisorId}
              onChange={(event) => setSupervisorId(event.currentTarget.value)}
              data-autofocus={request.selfApprovalAllowed ? undefined : true}
            />
            <PasswordInput
              label="Supervisor’s passphrase"
              autoComplete="off"
              required
              value={passphrase}
              onChange={(event) => setPassphrase(event.currentTarget.value)}
              data-autofocus={request.selfApprovalAllowed ? true : undefined}
            />
            <TextInput
              label="Code from the supervisor’s authenticator app"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              required
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
            />
            <ProblemAlert problem={problem} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" color="indigo.7" loading={busy}>
                Approve
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
