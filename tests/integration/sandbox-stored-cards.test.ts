// Stored cards (A8, A21): storeCc=1 issues a stable opaque token; paying with it charges that card.

import { RESULT_CODE } from '@shared/gateway/result-codes';
import { describe, expect, it } from 'vitest';
import { sandboxForFile } from '../support/sandbox/sandbox-for-file';
import { payV2, postForm, v1Form } from '../support/sandbox/sandbox-helpers';

const OTHER = { merchantId: 300003, secret: 'third-secret', algorithm: 'hmac-sha256' as const };
const { url } = await sandboxForFile({
  merchants: [{ merchantId: 100001, secret: 'sandbox-secret', algorithm: 'hmac-sha256' }, OTHER],
});

const withoutCard = { cardNumber: undefined, cvv: undefined, expDate: undefined };

async function storeCard(overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await payV2(url, { storeCc: '1', ...overrides });
  expect(answer.json.code).toBe(RESULT_CODE.OK);
  const token = answer.json.data!.ccStorageID;
  expect(typeof token).toBe('string');
  return String(token);
}

describe('stored cards', () => {
  it('issues an opaque token that does not contain the card number', async () => {
    const token = await storeCard({ userId: 'store-1' });
    expect(token).not.toContain('4242');
    expect(token.length).toBeLessThanOrEqual(64);
  });

  it('issues the same token for the same card and user, and another for another user or card', async () => {
    const a = await storeCard({ userId: 'stable-1' });
    const b = await storeCard({ userId: 'stable-1' });
    const otherUser = await storeCard({ userId: 'stable-2' });
    const otherCard = await storeCard({ userId: 'stable-1', cardNumber: '5555555555554444' });
    expect(b).toBe(a);
    expect(otherUser).not.toBe(a);
    expect(otherCard).not.toBe(a);
  });

  it('charges the stored card when paid with ccStorageID and no card fields', async () => {
    const token = await storeCard({ userId: 'pay-1' });
    const answer = await payV2(url, { userId: 'pay-1', ccStorageID: token, ...withoutCard });
    expect(answer.json).toMatchObject({ code: 0, data: { orderStatus: 2, ccStorageID: token } });
  });

  it('applies the stored card’s test outcome', async () => {
    const token = await storeCard({ userId: 'decl-1', cardNumber: '4000000000009995' });
    const answer = await payV2(url, { userId: 'decl-1', ccStorageID: token, ...withoutCard });
    expect(answer.json.data).toMatchObject({ orderStatus: 15, remark: 'Insufficient funds' });
    const challenge = await storeCard({ userId: 'decl-1', cardNumber: '4000000000003220' });
    const waiting = await payV2(url, { userId: 'decl-1', ccStorageID: challenge, ...withoutCard });
    expect(waiting.json.data).toMatchObject({ orderStatus: 1 });
    expect(String(waiting.json.data!.htmlSource)).toContain('<form');
  });

  it('works from v1 too', async () => {
    const token = await storeCard({ userId: 'v1-user' });
    const form = v1Form({ userId: 'v1-user', ccStorageID: token, ...withoutCard });
    const answer = await postForm(url, '/openapi/v1/pwpp', form);
    expect(answer.json).toMatchObject({ code: 0, data: { orderStatus: 2 } });
  });

  it('refuses an unknown token', async () => {
    const answer = await payV2(url, { ccStorageID: 'cc_nope', ...withoutCard });
    expect(answer.json).toMatchObject({ code: RESULT_CODE.UNKNOWN_STORED_CARD, data: null });
  });

  it('refuses a token of another user or another merchant', async () => {
    const token = await storeCard({ userId: 'owner-1' });
    const otherUser = await payV2(url, { userId: 'owner-2', ccStorageID: token, ...withoutCard });
    expect(otherUser.json.code).toBe(RESULT_CODE.UNKNOWN_STORED_CARD);
    const otherMerchant = await payV2(url, {
      merchantId: OTHER.merchantId,
      userId: 'owner-1',
      ccStorageID: token,
      ...withoutCard,
    });
    expect(otherMerchant.json.code).toBe(RESULT_CODE.UNKNOWN_STORED_CARD);
  });

  it('refuses a token sent together with card fields (A8)', async () => {
    const token = await storeCard({ userId: 'both-1' });
    const answer = await payV2(url, { userId: 'both-1', ccStorageID: token });
    expect(answer.json.code).toBe(RESULT_CODE.INVALID_PARAMETER);
    expect(answer.json.msg).toMatch(/^cardNumber: /);
  });
});
