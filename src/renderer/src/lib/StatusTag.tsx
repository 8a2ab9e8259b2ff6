// A status as a word on a tinted ground with a coloured edge: the colour helps, the word carries it.
// History's statuses and KYC's row and chunk states all wear this one look.
export interface StatusTagLook {
  /** A Mantine colour name: the edge uses its shade 7, the ground its shade 1. */
  color: string;
  label: string;
}

export function StatusTag({ look, state }: { look: StatusTagLook; state: string }) {
  return (
    <span
      data-state={state}
      style={{
        display: 'inline-block',
        padding: '0 8px',
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
