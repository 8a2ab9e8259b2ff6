// Row and chunk states in the app's status look (a word on a tinted ground with a coloured edge), with
// the colours of the statuses that mean the same: accepted = approved, rejected/refused = refused,
// sending = processing, a row not checked yet = pending, a chunk that never left = not sent, a chunk without an answer = outcome unknown.
// The words are the catalogue's: a row's its own (kyc.rowState.*), a chunk's those of the status it shares.

import { useT } from '@renderer/i18n/use-t';
import { StatusTag } from '@renderer/lib/StatusTag';
import { STATUS_LOOK } from '@renderer/lib/status-look';
import type { KycChunkResult, KycRowState } from '@shared/kyc-batch';

export const ROW_STATE_LOOK: Record<KycRowState, { color: string }> = {
  valid: { color: STATUS_LOOK.not_sent.color },
  invalid: { color: STATUS_LOOK.declined.color },
  accepted: { color: STATUS_LOOK.approved.color },
  rejected: { color: STATUS_LOOK.refused.color },
  sending: { color: STATUS_LOOK.processing.color },
  checking: { color: STATUS_LOOK.pending.color },
};

export const CHUNK_STATE_LOOK: Record<KycChunkResult['state'], { color: string }> = {
  accepted: { color: STATUS_LOOK.approved.color },
  refused: { color: STATUS_LOOK.refused.color },
  not_sent: { color: STATUS_LOOK.not_sent.color },
  outcome_unknown: { color: STATUS_LOOK.outcome_unknown.color },
};

export function RowStateLabel({ state }: { state: KycRowState }) {
  const t = useT();
  return <StatusTag look={{ ...ROW_STATE_LOOK[state], label: t(`kyc.rowState.${state}`) }} state={state} />;
}

export function ChunkStateLabel({ state }: { state: KycChunkResult['state'] }) {
  const t = useT();
  const label = state === 'accepted' ? t('kyc.rowState.accepted') : t(`status.${state}`);
  return <StatusTag look={{ ...CHUNK_STATE_LOOK[state], label }} state={state} />;
}
