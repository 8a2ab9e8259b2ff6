// Fault amounts: a client sends one of these amounts to rehearse a misbehaving gateway. They apply after
// validation, to v1 and v2 alike. Assumption A20 in docs/gateway-assumptions.md says what each stores.

import { FAULT_AMOUNTS, type Fault } from '@shared/sandbox-test-data';

export type { Fault };

/** `amount` is the canonical two-place form, so "500.010" faults like "500.01". */
export function faultOf(amount: string): Fault | undefined {
  return FAULT_AMOUNTS[amount]?.fault;
}

/** A body that starts like the real answer and stops: what a proxy cut short would deliver. */
export const NOT_JSON_BODY = '{"code":0,"msg":"Appro';
