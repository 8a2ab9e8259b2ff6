// A message as the catalogue's key and its values (main/i18n/refuse.ts), for the page to say in the reader's
// language: a refusal's (ipc-error.ts), the sign-in screen's damaged accounts (operators.ts). Names the
// reader reads in their own terms are named again: a built-in role by its role id, a permission by its code;
// `values` holds main's English for them (the message's, and the words of a page without them).
import { z } from 'zod';
import { PERMISSIONS, ROLE_IDS } from './roles';

export const refusalWordsSchema = z.object({
  key: z.string().max(120),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  roles: z.record(z.string(), z.enum(ROLE_IDS)).optional(),
  permissions: z.record(z.string(), z.enum(PERMISSIONS)).optional(),
  /** A role this desk no longer has (a deleted one of a supervisor's own), by its id: `operators.role.gone`. */
  goneRoles: z.record(z.string(), z.string().max(200)).optional(),
});
export type RefusalWords = z.infer<typeof refusalWordsSchema>;
