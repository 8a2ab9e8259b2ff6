// The merchants a sandbox knows, each with its signing secret and algorithm (assumption A4).
import type { SignAlgorithm } from '@shared/gateway/sign-algorithm';

export type SandboxMerchant = { merchantId: number; secret: string; algorithm: SignAlgorithm };

export const DEFAULT_MERCHANT: SandboxMerchant = Object.freeze({
  merchantId: 100001,
  secret: 'sandbox-secret',
  algorithm: 'hmac-sha256',
});
