// A status as a word on a tinted ground with a coloured edge: the colour helps, the word carries it.
import { type HistoryStatus, STATUS_LOOK } from '../../lib/status-look';

export function StatusLabel({ status }: { status: HistoryStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <span
      data-status={status}
      style={{
        display: 'inline-block',
        padding: '1px 8px',
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
