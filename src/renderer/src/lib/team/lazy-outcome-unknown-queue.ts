// The team's outcome-unknown queue, fetched when team mode shows it; the shell preloads it.
import { lazyPart } from '../lazy-code';

export const LazyOutcomeUnknownQueue = lazyPart(() =>
  import('./OutcomeUnknownQueue').then((module) => module.OutcomeUnknownQueue),
);
