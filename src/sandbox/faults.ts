// Fault amounts: a client sends one of these amounts to rehearse a misbehaving gateway. They apply after
// validation, to v1 and v2 alike. Assumption A20 in docs/gateway-assumptions.md says what each stores.

export type Fault = 'http-500' | 'slow' | 'not-json' | 'drop';

export const FAULT_AMOUNTS: Readonly<Record<string, { fault: Fault; behaviour: string }>> = Object.freeze({
  '500.01': {
    fault: 'http-500',
    behaviour: 'HTTP 500 with a JSON error body; no order is created, so a retry faults again',
  },
  '500.02': {
    fault: 'slow',
    behaviour: 'The order is processed at once, but the answer comes only after 35 s',
  },
  '500.03': {
    fault: 'not-json',
    behaviour: 'The order is processed, but the answer is HTTP 200 with a body that is not JSON',
  },
  '500.04': {
    fault: 'drop',
    behaviour: 'The order is processed, but the connection is closed without any answer',
  },
});

/** `amount` is the canonical two-place form, so "500.010" faults like "500.01". */
export function faultOf(amount: string): Fault | undefined {
  return FAULT_AMOUNTS[amount]?.fault;
}

/** A body that starts like the real answer and stops: what a proxy cut short would deliver. */
export const NOT_JSON_BODY = '{"code":0,"msg":"Appro';
