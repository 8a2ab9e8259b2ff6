// A supervisor's approval at the desk (four eyes): what main says waits for one, who asked, and the
// supervisor's own id, passphrase and code. Main checks them (approvals.grant) and refuses a requester
// approving themselves, unless they are the desk's only supervisor, which the dialog says and main audits.
import '@mantine/core/styles/PasswordInput.css';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import type { ApprovalRequest } from '@shared/approvals';
import type { MessageKey } from '@shared/i18n/messages';
import { type FormEvent, useRef, useState } from 'react';
import { CodeInput } from '../CodeInput';
import { ProblemAlert } from '../ProblemAlert';
import { call } from '../paydesk';
import { useAction } from '../use-action';
import { useApprovalRequest } from './approval-request';

export function ApprovalDialog() {
  const t = useT();
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
      title={request ? t(`approval.title.${request.action}`) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('approval.cancel') }}
    >
      {request && (
        <form onSubmit={(event) => void onSubmit(event)} data-testid="approval-dialog">
          <Stack gap="sm">
            <Text size="sm">
              {t('approval.asks', {
                name: request.requestedBy.displayName,
                operatorId: request.requestedBy.id,
                summary: request.summaryWords
                  ? t(request.summaryWords.key as MessageKey, request.summaryWords.values)
                  : request.summary,
              })}
            </Text>
            <Text size="sm" c="gray.7">
              {t(request.selfApprovalAllowed ? 'approval.selfAllowed' : 'approval.otherSupervisor')}
            </Text>
            <TextInput
              label={t('approval.supervisorId')}
              autoComplete="off"
              required
              value={supervisorId}
              onChange={(event) => setSupervisorId(event.currentTarget.value)}
              data-autofocus={request.selfApprovalAllowed ? undefined : true}
            />
            <PasswordInput
              label={t('approval.supervisorPassphrase')}
              autoComplete="off"
              required
              value={passphrase}
              onChange={(event) => setPassphrase(event.currentTarget.value)}
              data-autofocus={request.selfApprovalAllowed ? true : undefined}
            />
            <CodeInput
              label={t('approval.supervisorCode')}
              autoComplete="off"
              value={code}
              onChange={setCode}
            />
            <ProblemAlert problem={problem} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => close(false)}>
                {t('approval.cancel')}
              </Button>
              <Button type="submit" color="indigo.7" loading={busy}>
                {t('approval.approve')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
