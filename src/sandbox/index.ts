// The sandbox gateway: the server side of the pay-in and KYC interface, embedded in the app and runnable
// alone (cli.ts).
export { CALLBACK_MAX_ATTEMPTS } from './callbacks';

export { DEFAULT_MERCHANT } from './merchants';
export { type Sandbox, type SandboxOptions, startSandbox } from './server';
export { TEST_CARDS } from './test-cards';
