// Words main sends as the catalogue's key and its values, for the renderer to say in the reader's language
// (a refusal's message, what a supervisor is asked to approve). One shape for each of them.
import { z } from 'zod';

export const catalogueWordsSchema = z.object({
  key: z.string().max(120),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type CatalogueWords = z.infer<typeof catalogueWordsSchema>;
