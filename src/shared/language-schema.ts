// The languages as the channels and the settings file check them (languages.ts lists them, zod-free).
import { z } from 'zod';
import { ALL_LANGUAGES } from './languages';
import type { ChannelAccess } from './roles';

export const languageSchema = z.enum(ALL_LANGUAGES);

const languageChoiceSchema = z.strictObject({
  language: languageSchema,
  desk: languageSchema,
  chosen: z.boolean(),
});

/** The contract's language.* channels (ipc.ts spreads them into its table). */
export const languageChannels = {
  /** The language to speak: the signed-in operator's choice, else the OS's (the sign-in screen's too). */
  'language.get': { input: z.undefined(), output: languageChoiceSchema, access: 'anyone' },
  /** The signed-in operator's own language (null: follow the OS's again), kept for them alone. */
  'language.set': {
    input: z.strictObject({ language: languageSchema.nullable() }),
    output: languageChoiceSchema,
    access: 'signed-in',
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType; access: ChannelAccess }>;
