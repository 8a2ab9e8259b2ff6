// Row and chunk states in the app's status look (a word on a tinted ground with a coloured edge), with
// the colours of the statuses that mean the same: accepted = approved, rejected/refused = refused,
// sending = processing, a row not checked yet = pending, a chunk that never left = not sent, a chunk without an answer = outcome unknown.

import { type StatusTagLook as Look, StatusTag } from '@renderer/lib/StatusTag';
import { STATUS_LOOK } from '@renderer/lib/status-look';
import type { KycChunkResult, KycRowState } from '@shared/kyc-batch';

export const ROW_STATE_LOOK: Record<KycRowState, Look> = {
  valid: { color: STATUS_LOOK.not_sent.color, label: 'Valid' },
  invalid: { color: STATUS_LOOK.declined.color, label: 'Invalid' },
  accepted: { color: STATUS_LOOK.approved.color, label: 'Accepted' },
  rejected: { color: STATUS_LOOK.refused.color, label: 'Rejected' },
  sending: { color: STATUS_LOOK.processing.color, label: 'Sending' },
  checking: { color: STATUS_LOOK.pending.color, label: 'Checking' },
};

export const CHUNK_STATE_LOOK: Record<KycChunkResult['state'], Look> = {
  accepted: { color: STATUS_LOOK.approved.color, label: 'Accepted' },
  refused: { color: STATUS_LOOK.refused.color, label: 'Refused' },
  not_sent: { color: STATUS_LOOK.not_sent.color, label: 'Not sent' },
  outcome_unknown: { color: STATUS_LOOK.outcome_unknown.color, label: 'Outcome unknown' },
};

export function RowStateLabel({ state }: { state: KycRowState }) {
  return <StatusTag look={ROW_STATE_LOOK[state]} state={state} />;
}

export function ChunkStateLabel({ state }: { state: KycChunkResult['state'] }) {
  return <StatusTag look={CHUNK_STATE_LOOK[state]} state={state} />;
}
