// Connection profiles and app settings: what electron-store holds (never the merchant secret).
import { z } from 'zod';
import { CURRENCY_CODE_PATTERN, countryCode, httpUrl, ipv4, merchantIdNumber, text } from './gateway/fields';
import { payInRulesSchema } from './gateway/payin';
import { signAlgorithmSchema } from './gateway/sign-algorithm';
import { languageSchema } from './language-schema';
import { notificationServiceSchema } from './notification-service';
import { teamConnectionSchema } from './team';

const ENVIRONMENTS = ['sandbox', 'test', 'production'] as const;
export const environmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof environmentSchema>;

const timeoutMs = (fallback: number) => z.int().min(1_000).max(120_000).default(fallback);

/**
 * Where the browser is sent back after a bank page (assumption A29): `paydesk`, Paydesk's loopback return
 * listener (the bank page view notices the return and closes; a gateway must accept http://127.0.0.1
 * addresses), or `profile`, this profile's own retURL/successURL/failURL only (for a gateway that takes
 * only public https addresses).
 */
const RETURN_ADDRESSES = ['paydesk', 'profile'] as const;
export const returnAddressesSchema = z.enum(RETURN_ADDRESSES);
export type ReturnAddresses = z.infer<typeof returnAddressesSchema>;

/** A profile's id: the pattern schema-problem-words.ts words. */
export const PROFILE_ID_PATTERN = /^[a-z0-9-]{1,40}$/;

export const profileSchema = z.strictObject({
  id: z.string().regex(PROFILE_ID_PATTERN, 'Lower-case letters, digits and dashes.'),
  name: text(60),
  environment: environmentSchema,
  /** The business name the customer knows, printed on receipts; the profile's name when absent. */
  receiptName: text(80).optional(),
  /** The embedded sandbox's URLs are known only at run time: main fills them in. */
  embeddedSandbox: z.boolean().default(false),
  baseUrl: httpUrl(256).optional(),
  kycBaseUrl: httpUrl(256).optional(),
  merchantId: merchantIdNumber,
  signAlgorithm: signAlgorithmSchema.default('hmac-sha256'),
  /** v2 has no currency field (assumption A15): shown and recorded, never sent. */
  displayCurrency: z
    .string()
    .regex(CURRENCY_CODE_PATTERN, 'A three-letter ISO 4217 code such as EUR.')
    .default('EUR'),
  /** How this profile's gateway reads `country` and a stored card's card details (A14, A8). */
  payInRules: payInRulesSchema.prefault({}),
  returnAddresses: returnAddressesSchema.default('paydesk'),
  /**
   * The payer IP sent with phone payments (MOTO): the call centre's public IPv4, as acquirers expect when
   * the card holder is not at a browser. Prefilled in the pay-in form, where the agent can change it.
   */
  motoIp: ipv4.optional(),
  /**
   * The billing country a new pay-in starts with (most merchants sell in one country); none: the agent
   * picks it on every pay-in. Never a country built into the code, which an agent who forgets would send.
   */
  defaultCountry: countryCode.optional(),
  callBackURL: httpUrl(256).optional(),
  successURL: httpUrl(256).optional(),
  failURL: httpUrl(256).optional(),
  retURL: httpUrl(256).optional(),
  /**
   * The merchant's notification service (notification-service.ts): when named, every pay-in's
   * `callBackURL` and return addresses are built from it, and the gateway's notification reaches this desk
   * through the team database (team mode only: settings-service.ts refuses it without one).
   */
  notificationService: notificationServiceSchema.optional(),
  connectTimeoutMs: timeoutMs(10_000),
  requestTimeoutMs: timeoutMs(30_000),
});
export type Profile = z.infer<typeof profileSchema>;
export type ProfileInput = z.input<typeof profileSchema>;

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether a gateway address may carry this environment's pay-ins: a production gateway only over https;
 * a test or sandbox gateway over https, or plain http on this machine's loopback (a gateway run locally,
 * where TLS protects nothing). Card data never crosses a network unencrypted.
 */
function gatewayAddressAllowed(environment: Environment, address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return environment !== 'production' && url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname);
}

/**
 * A profile that talks to a real gateway must say where it is, and reach it over https. One that names a
 * notification service has no addresses of its own: the service's are the pay-in's (a callback or return
 * address of its own would take the gateway's word, or the bank page's end, elsewhere).
 */
export const savedProfileSchema = profileSchema.superRefine((profile, ctx) => {
  if (profile.notificationService) {
    for (const field of ['callBackURL', 'retURL', 'successURL', 'failURL'] as const) {
      if (profile[field]) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'Leave it empty: the notification service gives every pay-in its addresses.',
          params: { words: 'settings.problem.addressesFromService' },
        });
      }
    }
  }
  if (profile.embeddedSandbox) return;
  for (const field of ['baseUrl', 'kycBaseUrl'] as const) {
    const address = profile[field];
    if (!address) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: 'Required.',
        params: { words: 'settings.problem.gatewayAddressRequired' },
      });
    } else if (!gatewayAddressAllowed(profile.environment, address)) {
      const production = profile.environment === 'production';
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: production
          ? 'A production gateway must be reached over https://.'
          : 'Use https://, or http:// on this machine only (127.0.0.1 or localhost).',
        params: { words: production ? 'settings.problem.productionHttps' : 'settings.problem.loopbackHttp' },
      });
    }
  }
});

export const SANDBOX_PROFILE: Profile = Object.freeze(
  profileSchema.parse({
    id: 'sandbox',
    name: 'Sandbox',
    environment: 'sandbox',
    embeddedSandbox: true,
    merchantId: 100001,
    // A documentation address (RFC 5737): what a call centre's public address is in the sandbox.
    motoIp: '203.0.113.7',
    // The sandbox's test customers live in Germany; a merchant's own profile chooses its own (or none).
    defaultCountry: 'DE',
  }),
);

export const settingsSchema = z.strictObject({
  operatorName: z.string().max(60).default(''),
  activeProfileId: z.string().default(SANDBOX_PROFILE.id),
  profiles: z.array(savedProfileSchema).default([SANDBOX_PROFILE]),
  idleLockMinutes: z.int().min(1).max(240).default(15),
  /** Team mode's database (team.ts); absent: this desk works alone, as before team mode. */
  team: teamConnectionSchema.optional(),
  /** Each operator's language (by operator id), when they chose one; the others follow the OS's. */
  languages: z.record(z.string().max(40), languageSchema).default({}),
});
export type Settings = z.infer<typeof settingsSchema>;
