// How each environment looks wherever a profile is named (header, profile list, editor): production
// must never be mistaken for the others. Shades dark (or, for yellow, light) enough for the badge text to
// meet WCAG AA contrast (4.5:1). Their names are the catalogue's `environment.<id>`.
import type { Environment } from '@shared/profile';

export const ENV_BADGE: Record<Environment, { color: string; text: string }> = {
  production: { color: 'red.9', text: 'white' },
  test: { color: 'yellow.4', text: 'dark.9' },
  sandbox: { color: 'teal.9', text: 'white' },
};
