// State in a SQLite file (--data): it survives a restart, and it never holds a full card number or CVV.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import {
  acsUrlOf,
  inspectOrders,
  kycRecord,
  passChallenge,
  payV2,
  postJson,
  signedKyc,
  tradeNo,
} from '../support/sandbox/sandbox-helpers';
import { tempFolderForFile } from '../support/temp-folder';

const dir = tempFolderForFile('paydesk-sandbox-');
const dataFile = join(dir, 'sandbox.sqlite');

// An Amex with a 4-digit CVV: four digits in a row do not turn up by chance in what the sandbox stores.
const PAN = '378282246310005';
const CVV = '8642';
const withoutCard = { cardNumber: undefined, cvv: undefined, expDate: undefined };

describe('persistence with dataFile', () => {
  it('keeps orders, stored cards and KYC records across a restart, and never a full PAN or CVV', async () => {
    const no = tradeNo('persist');
    const body = { merchantTradeNo: no, userId: 'persist-1', cardNumber: PAN, cvv: CVV, storeCc: '1' };

    const first = await startSandbox({ port: 0, dataFile });
    const paid = await payV2(first.url, body);
    expect(paid.json.data).toMatchObject({ orderStatus: 2 });
    const token = String(paid.json.data!.ccStorageID);
    const challenge = await payV2(first.url, {
      cardNumber: '4000000000003220',
      merchantTradeNo: tradeNo('p3ds'),
    });
    const acsUrl = acsUrlOf(challenge);
    expect(
      (await postJson(first.url, '/openapi/v1/submitKYC', signedKyc([kycRecord({ userId: 'kept-1' })]))).json
        .code,
    ).toBe(0);
    await first.close();

    const second = await startSandbox({ port: 0, dataFile });
    try {
      const [order] = await inspectOrders(second.url, no);
      expect(order).toMatchObject({
        orderId: paid.json.data!.orderId,
        status: 'COMPLETED',
        ccStorageID: token,
      });
      const again = await payV2(second.url, body);
      expect(again.json.data!.orderId).toBe(paid.json.data!.orderId);
      const byToken = await payV2(second.url, { userId: 'persist-1', ccStorageID: token, ...withoutCard });
      expect(byToken.json.data).toMatchObject({ orderStatus: 2 });
      const kyc = await fetch(`${second.url}/_sandbox/kyc?merchantId=100001`);
      expect(await kyc.text()).toContain('kept-1');
      // The challenge of an order made before the restart still works; its page now lives on the new port.
      const newAcs = acsUrl.replace(new URL(acsUrl).origin, second.url);
      const posted = await passChallenge(newAcs);
      expect(posted.status).toBe(303);
    } finally {
      await second.close();
    }

    const files = await readdir(dir);
    expect(files).toContain('sandbox.sqlite');
    for (const file of files) {
      const bytes = await readFile(join(dir, file));
      const asText = bytes.toString('latin1');
      expect(asText).toContain('378282*****0005');
      expect(asText).not.toContain(PAN);
      expect(asText).not.toContain(CVV);
      expect(asText.toLowerCase()).not.toContain('cvv');
    }
  });
});

describe('state in memory', () => {
  it('starts empty on every start', async () => {
    const no = tradeNo('mem');
    const first = await startSandbox({ port: 0 });
    await payV2(first.url, { merchantTradeNo: no });
    await first.close();
    const second = await startSandbox({ port: 0 });
    try {
      expect(await inspectOrders(second.url, no)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
