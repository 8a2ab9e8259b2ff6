// A status as a word on a tinted ground with a coloured edge: the colour helps, the word carries it.
// History's statuses and KYC's row and chunk states all wear this one look (status-tag.css).
import './status-tag.css';

export interface StatusTagLook {
  /** A Mantine colour name with a rule in status-tag.css: the edge uses its shade 7, the ground its shade 1. */
  color: string;
  label: string;
}

export function StatusTag({ look, state }: { look: StatusTagLook; state: string }) {
  return (
    <span className="paydesk-status-tag" data-state={state} data-color={look.color}>
      {look.label}
    </span>
  );
}
