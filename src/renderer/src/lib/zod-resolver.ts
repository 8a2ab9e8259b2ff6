// react-hook-form's resolver for a zod schema whose input is the form's values and whose output is what
// the form hands on (a contract's input): one typed call instead of a cast at every form. Import it only
// from modules that may carry zod (the pay-in form loads its schema lazily: form-schema.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function schemaResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, Values>,
): Resolver<Values, unknown, Output> {
  return zodResolver<Values, unknown, Output>(schema);
}
