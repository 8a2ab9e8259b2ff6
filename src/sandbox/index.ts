// The sandbox gateway: the server side of the pay-in and KYC interface, embedded in the app and runnable
// alone (cli.ts).
export { CALLBACK_MAX_ATTEMPTS } from './callbacks';
export { FAULT_AMOUNTS, type Fault } from './faults';
export { DEFAULT_MERCHANT, type SandboxMerchant } from './merchants';
export { type Sandbox, type SandboxOptions, startSandbox } from './server';
export { TEST_CARDS, type TestCard, THREE_DS_FAILED_REMARK, THREE_DS_PASS_CODE } from './test-cards';
