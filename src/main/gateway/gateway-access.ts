// How every feature reaches a profile's gateway: its addresses (the embedded sandbox's, started on first
// need, or the profile's own), its merchant secret from the vault, and the connection a pay-in or a KYC
// batch is sent on, with the operator's name.
import type { Profile } from '@shared/profile';
import { DEFAULT_MERCHANT } from '../../sandbox/merchants';
import type { PaydeskConfig } from '../app-config';
import { embeddedSandboxIn } from '../embedded-sandbox';
import { refusal } from '../i18n/refuse';
import type { SettingsService } from '../settings/settings-service';

export function createGatewayAccess(
  config: PaydeskConfig,
  settings: SettingsService,
  operator: () => string,
  errorText: (error: unknown) => string,
) {
  // The start-up sandbox runs in the background; the window does not wait for it, the first call that
  // needs it does.
  const sandbox = embeddedSandboxIn(config.dataDir, config.sandbox);
  const startedInBackground: Promise<void> = settings.activeProfile().embeddedSandbox
    ? sandbox.start().then(
        () => undefined,
        (error: unknown) =>
          config.log.error(
            { err: errorText(error) },
            'the embedded sandbox did not start; the next call tries again',
          ),
      )
    : Promise.resolve();

  async function secretOf(profile: Profile): Promise<string | undefined> {
    const stored = await config.vault.getSecret(profile.id);
    // The embedded sandbox's merchant secret is public test data: v1 works out of the box.
    return stored ?? (profile.embeddedSandbox ? DEFAULT_MERCHANT.secret : undefined);
  }

  async function endpointsOf(profile: Profile): Promise<{ baseUrl: string; kycBaseUrl: string }> {
    if (profile.embeddedSandbox) {
      const { url } = await sandbox.start();
      return { baseUrl: url, kycBaseUrl: url };
    }
    if (!profile.baseUrl || !profile.kycBaseUrl) {
      throw refusal('invalid', 'refusal.gateway.noAddress', { profile: profile.name }, 'baseUrl');
    }
    return { baseUrl: profile.baseUrl, kycBaseUrl: profile.kycBaseUrl };
  }

  return {
    sandbox,
    startedInBackground,
    secretOf,
    endpointsOf,
    /** A pay-in's connection: the profile, its gateway's address, its secret on demand, the operator. */
    async payInConnection(profile: Profile) {
      return {
        profile,
        baseUrl: (await endpointsOf(profile)).baseUrl,
        secret: () => secretOf(profile),
        operator: operator(),
      };
    },
    /** A KYC batch's connection, to the active profile's KYC address. */
    async kycConnection() {
      const profile = settings.activeProfile();
      return {
        profile,
        kycBaseUrl: (await endpointsOf(profile)).kycBaseUrl,
        secret: () => secretOf(profile),
        operator: operator(),
      };
    },
    stop: () => sandbox.close(),
  };
}

export type GatewayAccess = ReturnType<typeof createGatewayAccess>;
