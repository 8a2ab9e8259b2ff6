// What Settings' Test connection answers (profiles.testConnection): each address a profile names, tried
// with an empty request, and the sum of them.
import { z } from 'zod';
import { refusalWordsSchema } from './ipc-error';

/** One address a profile names, tried with an empty request: whether something answered, and whether it was the gateway. */
export const endpointCheckSchema = z.object({
  /**
   * `payin`: {base_url}/openapi/v2/pwpp; `kyc`: {kyc_base_url}/openapi/v1/submitKYC; `notify`: the
   * profile's notification service's /health.
   */
  target: z.enum(['payin', 'kyc', 'notify']),
  url: z.string(),
  /** Something answered over HTTP at that address. */
  reached: z.boolean(),
  /** It was the gateway: an answer in its JSON shape, from the operation's path. */
  ok: z.boolean(),
  httpStatus: z.int().optional(),
  latencyMs: z.number(),
  /** In English (the log's, and for a key the renderer does not know); `words` says it in the reader's language. */
  message: z.string(),
  words: refusalWordsSchema.optional(),
});
export type EndpointCheck = z.infer<typeof endpointCheckSchema>;

/** `ok`, `message` and `latencyMs` sum up (both addresses answered; the pay-in address's time); `checks` has each. */
export const connectionTestSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  latencyMs: z.number(),
  checks: z.array(endpointCheckSchema),
  /** `message`'s sentences, each as the catalogue's key and values. */
  words: z.array(refusalWordsSchema).optional(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
