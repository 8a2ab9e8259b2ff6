// Row and chunk states in the app's status look (a word on a tinted ground with a coloured edge), with
// the colours of the statuses that mean the same: accepted = approved, rejected/refused = refused,
// sending = processing, a chunk without an answer = outcome unknown.
import type { KycChunkResult, KycRowState } from '../../../../shared/kyc-batch';
import { STATUS_LOOK } from '../../lib/status-look';

interface Look {
  color: string;
  label: string;
}

export const ROW_STATE_LOOK: Record<KycRowState, Look> = {
  valid: { color: STATUS_LOOK.not_sent.color, label: 'Valid' },
  invalid: { color: STATUS_LOOK.declined.color, label: 'Invalid' },
  accepted: { color: STATUS_LOOK.approved.color, label: 'Accepted' },
  rejected: { color: STATUS_LOOK.refused.color, label: 'Rejected' },
  sending: { color: STATUS_LOOK.processing.color, label: 'Sending' },
};

export const CHUNK_STATE_LOOK: Record<KycChunkResult['state'], Look> = {
  accepted: { color: STATUS_LOOK.approved.color, label: 'Accepted' },
  refused: { color: STATUS_LOOK.refused.color, label: 'Refused' },
  failed: { color: STATUS_LOOK.outcome_unknown.color, label: 'No answer' },
};

export function StateTag({ look, state }: { look: Look; state: string }) {
  return (
    <span
      data-state={state}
      style={{
        display: 'inline-block',
        padding: '0 6px',
        lineHeight: '20px',
        borderRadius: 4,
        borderLeft: `4px solid var(--mantine-color-${look.color}-7)`,
        background: `var(--mantine-color-${look.color}-1)`,
        color: 'var(--mantine-color-black)',
        fontSize: 'var(--mantine-font-size-xs)',
        fontWeight: 600,
        whiteSpace: 'nowrap',
      }}
    >
      {look.label}
    </span>
  );
}

export function RowStateLabel({ state }: { state: KycRowState }) {
  return <StateTag look={ROW_STATE_LOOK[state]} state={state} />;
}

export function ChunkStateLabel({ state }: { state: KycChunkResult['state'] }) {
  return <StateTag look={CHUNK_STATE_LOOK[state]} state={state} />;
}
