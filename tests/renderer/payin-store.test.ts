// The result panel's state follows the pay-in from any source, at once: news of a payment still being
// sent (a signed callback that beats a slow answer) shows as soon as it comes, the form stays busy until
// main answers, and an event never drops what the answer said. (A stand-in for window.paydesk.)

import { usePayInStore } from '@renderer/features/payin/store';
import type { PayInResult } from '@shared/ipc';
import { beforeEach, describe, expect, it } from 'vitest';
import { speak } from './support/desk-language';

type Pending = { channel: string; input: unknown; answer: (result: unknown) => void };
const pending: Pending[] = [];

beforeEach(() => {
  speak('en');
  pending.length = 0;
  (globalThis as unknown as { window: unknown }).window = {
    paydesk: {
      invoke: (channel: string, input: unknown) =>
        new Promise((resolve) => pending.push({ channel, input, answer: resolve })),
      on: () => () => undefined,
    },
  };
  usePayInStore.setState({
    phase: { kind: 'idle' },
    inFlight: false,
    askAgainProblem: undefined,
    profileId: undefined,
  });
});

const base = { historyId: 7, merchantTradeNo: 'PD-T-1', amount: '500.02', currency: 'EUR' };
const payload = { version: 'v2' as const, fields: { merchantTradeNo: 'PD-T-1', amount: '500.02' } as never };

describe('a payment being sent', () => {
  it('shows news of it at once, stays busy until main answers, then shows the answer', async () => {
    const sending = usePayInStore.getState().submit(payload);
    expect(usePayInStore.getState()).toMatchObject({ inFlight: true, phase: { kind: 'sending' } });
    // The gateway's signed callback settles it while the answer is still on its way.
    usePayInStore.getState().changed({ ...base, status: 'approved' });
    expect(usePayInStore.getState().phase).toMatchObject({ kind: 'result', result: { status: 'approved' } });
    expect(usePayInStore.getState().inFlight).toBe(true);
    pending[0]!.answer({
      ok: true,
      data: { ...base, status: 'approved', message: 'The gateway approved the payment.' },
    });
    await sending;
    expect(usePayInStore.getState()).toMatchObject({
      inFlight: false,
      phase: { kind: 'result', result: { status: 'approved' } },
    });
  });

  it('ignores news of another pay-in', () => {
    void usePayInStore.getState().submit(payload);
    usePayInStore
      .getState()
      .changed({ ...base, merchantTradeNo: 'PD-OTHER', historyId: 8, status: 'declined' });
    expect(usePayInStore.getState().phase).toMatchObject({ kind: 'sending' });
  });
});

describe('an event about the shown pay-in', () => {
  it('keeps the bank page the answer gave while the status is the same, and moves on when it changes', () => {
    const shown: PayInResult = {
      ...base,
      status: 'action_required',
      bankPage: { kind: '3ds', url: 'http://127.0.0.1:4000/r/t/page' },
    };
    usePayInStore.setState({ phase: { kind: 'result', result: shown } });
    usePayInStore.getState().changed({ ...base, status: 'action_required' });
    expect(usePayInStore.getState().phase).toMatchObject({ result: { bankPage: shown.bankPage } });
    usePayInStore.getState().changed({ ...base, status: 'awaiting_confirmation', message: 'waiting' });
    const phase = usePayInStore.getState().phase;
    expect(phase).toMatchObject({ result: { status: 'awaiting_confirmation', message: 'waiting' } });
    expect(phase.kind === 'result' && phase.result.bankPage).toBeFalsy();
  });
});

describe('Check later', () => {
  it('leaves a note that says where the pay-in is and not to charge again', () => {
    usePayInStore.getState().checkLater({ ...base, status: 'outcome_unknown' });
    expect(usePayInStore.getState().phase).toEqual({
      kind: 'idle',
      note: expect.stringMatching(
        /Order PD-T-1 \(€500\.02\) is in History \(Alt\+3\).*Do not charge the customer again/,
      ),
    });
  });

  it('says it in the desk’s language, the amount as that language writes it', () => {
    speak('de');
    usePayInStore.getState().checkLater({ ...base, amount: '1500.02', status: 'outcome_unknown' });
    const phase = usePayInStore.getState().phase;
    expect(phase.kind === 'idle' && phase.note).toBe(
      'Die Bestellung PD-T-1 (1.500,02\u00a0€) steht im Verlauf (Alt+3); dort ändert sich ihr Status, sobald das Gateway antwortet. Belasten Sie den Kunden nicht erneut.',
    );
  });
});

describe('the latest state of the pay-in, whichever source arrives last (issue 24, item 1)', () => {
  it('a late answer of "outcome unknown" never takes back the approval the settlement event brought', async () => {
    const sending = usePayInStore
      .getState()
      .submit({ ...payload, fields: { merchantTradeNo: 'PD-T-1', amount: '500.03' } as never });
    // The gateway's answer was not JSON (outcome unknown), then its signed callback approved the pay-in;
    // the event of the approval reaches the page before the submit's answer.
    usePayInStore.getState().changed({ ...base, status: 'approved' });
    pending[0]!.answer({
      ok: true,
      data: {
        ...base,
        status: 'outcome_unknown',
        message:
          "The gateway's answer could not be read (it is not JSON). The payment may have gone through.",
      },
    });
    await sending;
    const { phase, inFlight } = usePayInStore.getState();
    expect(inFlight).toBe(false);
    expect(phase).toMatchObject({ kind: 'result', result: { status: 'approved' } });
    expect(phase.kind === 'result' && phase.result.message).toBeFalsy();
  });

  it('an event older than the answer already shown changes nothing', async () => {
    const sending = usePayInStore.getState().submit(payload);
    pending[0]!.answer({ ok: true, data: { ...base, status: 'approved' } });
    await sending;
    usePayInStore
      .getState()
      .changed({ ...base, status: 'outcome_unknown', message: 'may have gone through' });
    expect(usePayInStore.getState().phase).toMatchObject({ kind: 'result', result: { status: 'approved' } });
  });

  it('a later status from either source replaces the shown one', async () => {
    const sending = usePayInStore.getState().submit(payload);
    pending[0]!.answer({ ok: true, data: { ...base, status: 'outcome_unknown', message: 'check' } });
    await sending;
    usePayInStore.getState().changed({ ...base, status: 'approved' });
    expect(usePayInStore.getState().phase).toMatchObject({ kind: 'result', result: { status: 'approved' } });
  });
});

describe('switching profiles (issue 24, item 4)', () => {
  const declined: PayInResult = { ...base, amount: '18.20', status: 'declined', remark: 'Card declined' };

  it("clears the last profile's result from the panel", () => {
    usePayInStore.getState().profileShown('sandbox');
    usePayInStore.setState({
      phase: { kind: 'result', result: declined },
      askAgainProblem: { message: 'x', needsCard: false },
      lastCustomer: { userId: 'cust-1' } as never,
    });
    usePayInStore.getState().profileShown('production');
    expect(usePayInStore.getState()).toMatchObject({
      phase: { kind: 'idle' },
      askAgainProblem: undefined,
      lastCustomer: undefined,
    });
  });

  it('keeps the panel when the same profile is shown again', () => {
    usePayInStore.getState().profileShown('sandbox');
    usePayInStore.setState({ phase: { kind: 'result', result: declined } });
    usePayInStore.getState().profileShown('sandbox');
    expect(usePayInStore.getState().phase).toMatchObject({ kind: 'result', result: { status: 'declined' } });
  });

  it('does not show under the new profile the answer of a pay-in sent with the old one', async () => {
    usePayInStore.getState().profileShown('sandbox');
    const sending = usePayInStore.getState().submit(payload);
    usePayInStore.getState().profileShown('production');
    pending[0]!.answer({ ok: true, data: { ...base, status: 'declined' } });
    await sending;
    expect(usePayInStore.getState()).toMatchObject({
      inFlight: false,
      phase: {
        kind: 'idle',
        note: expect.stringMatching(/Order PD-T-1 .*profile you switched from.*History/),
      },
    });
  });
});
