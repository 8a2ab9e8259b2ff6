// The team's outcome-unknown queue's one number the pay-in page needs, in a module without zod: the pay-in
// page shows the queue, and a schema module imported there would bring zod into its first chunk.

/** The outcome-unknown queue counts up to this many: a total at the cap means "this many or more". */
export const TEAM_QUEUE_COUNT_CAP = 1_000;
