// The working day of bench/soak.ts, done through the page as an agent does it, with the e2e page objects:
// pay-ins of every outcome, KYC batches opened, fixed, sent, and History looked through between them.
//
// Pay-ins come in cycles of 50 (shuffled the same way every time): 30 approved (one in three for the same
// customer again, one in ten with the receipt opened), 8 declined (the four decline cards), 4 passed
// 3-D Secure challenges, 1 failed one and 1 with the card whose challenge always fails, 4 faults (500.01–
// 500.04, each asked again with "Ask the gateway again"; 500.01 faults again and is left for later) and 2
// on the hosted payment page (redirection mode).

import { expect, type Page } from '@playwright/test';
import { HistoryPage } from '../../tests/support/e2e/pages/history-page';
import type { KycPage } from '../../tests/support/e2e/pages/kyc-page';
import { CARDS, customer, type PayInPage } from '../../tests/support/e2e/pages/payin-page';
import { goTo } from '../../tests/support/e2e/pages/settings-page';
import { kycRecord } from '../../tests/support/kyc/generate';
import { writeKycCsv } from './ui-fixtures';

const DECLINE_CARDS = ['4000000000000002', '4000000000009995', '4000000000000069', '4000000000000127'];
const THREE_DS_ALWAYS_FAILS = '4000000000003063';

export type PayInKind =
  | 'approved'
  | 'approved-again'
  | 'approved-receipt'
  | 'declined'
  | '3ds-pass'
  | '3ds-wrong-code'
  | '3ds-fails'
  | 'fault-500.01'
  | 'fault-500.02'
  | 'fault-500.03'
  | 'fault-500.04'
  | 'redirection';

function cycle(): PayInKind[] {
  const kinds: PayInKind[] = [];
  for (let i = 0; i < 30; i++)
    kinds.push(i % 3 === 1 ? 'approved-again' : i % 10 === 5 ? 'approved-receipt' : 'approved');
  for (let i = 0; i < 8; i++) kinds.push('declined');
  for (let i = 0; i < 4; i++) kinds.push('3ds-pass');
  kinds.push('3ds-wrong-code', '3ds-fails', 'fault-500.01', 'fault-500.02', 'fault-500.03', 'fault-500.04');
  kinds.push('redirection', 'redirection');
  // A fixed shuffle (a small LCG), so that runs compare; "again" only right after an approval.
  let seed = 20261124;
  for (let i = kinds.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  return kinds;
}

export const PAYIN_CYCLE: readonly PayInKind[] = cycle();

/** What one pay-in ended as, for the bench's tally. */
export type Ended = 'approved' | 'declined' | 'check-later';

const approvedAfterAsking = new Set<PayInKind>(['fault-500.02', 'fault-500.03', 'fault-500.04']);

/**
 * The agent at the pay-in page, one pay-in at a time. Knows whether the result panel offers "Same customer
 * again" (the last pay-in was approved by an answer in the panel).
 */
export class PayInDesk {
  private sameCustomerOffered = false;
  private redirection = false;

  constructor(
    readonly payin: PayInPage,
    /** The merchant's own callback address, for faults: only the answer, or asking again, settles them. */
    private readonly merchantCallback: string,
  ) {}

  get page(): Page {
    return this.payin.page;
  }

  /** A varied amount, never a fault amount, never the same twice in a row for a customer. */
  private amount(index: number): string {
    const cents = 1_000 + ((index * 7_919) % 40_000);
    return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  }

  async payIn(index: number, kind: PayInKind): Promise<Ended> {
    const { payin } = this;
    const amount = kind.startsWith('fault-') ? kind.slice('fault-'.length) : this.amount(index);
    if (kind === 'approved-again' && this.sameCustomerOffered) {
      await payin.result.getByRole('button', { name: 'Same customer again' }).click();
      await expect(payin.cardNumber).toBeFocused();
      await payin.fillCard(index % 2 === 0 ? CARDS.approve : CARDS.mastercard);
      await payin.amount.fill(amount);
    } else {
      const card =
        kind === 'declined'
          ? DECLINE_CARDS[index % DECLINE_CARDS.length]!
          : kind === '3ds-pass' || kind === '3ds-wrong-code'
            ? CARDS.threeDs
            : kind === '3ds-fails'
              ? THREE_DS_ALWAYS_FAILS
              : index % 2 === 0
                ? CARDS.approve
                : CARDS.mastercard;
      await payin.fillPayIn(customer(`soak-${index}`), card, amount);
    }
    if (kind.startsWith('fault-')) await payin.setCallbackUrl(this.merchantCallback);
    if ((kind === 'redirection') !== this.redirection) {
      await payin.chooseMode(kind === 'redirection' ? 'redirection' : 'h2h');
      this.redirection = kind === 'redirection';
    }
    await payin.send.click();
    const ended = await this.outcome(kind, amount);
    this.sameCustomerOffered = ended === 'approved';
    if (kind === 'approved-receipt') await this.receipt();
    return ended;
  }

  private async outcome(kind: PayInKind, amount: string): Promise<Ended> {
    const { payin } = this;
    switch (kind) {
      case 'declined':
        await payin.expectOutcome('Declined');
        return 'declined';
      case '3ds-pass':
      case '3ds-wrong-code':
      case '3ds-fails': {
        await payin.expectOutcome('Action required');
        const bank = payin.bankFrame();
        await bank.getByLabel('One-time code').fill(kind === '3ds-wrong-code' ? '9999' : '1234');
        await bank.getByRole('button', { name: 'Confirm' }).click();
        const approved = kind === '3ds-pass';
        await payin.expectOutcome(approved ? 'Approved' : 'Declined');
        return approved ? 'approved' : 'declined';
      }
      case 'redirection': {
        await payin.expectOutcome('Action required');
        await payin
          .bankFrame()
          .getByRole('button', { name: `Pay ${amount}` })
          .click();
        await payin.expectOutcome('Approved');
        return 'approved';
      }
      case 'fault-500.01':
      case 'fault-500.02':
      case 'fault-500.03':
      case 'fault-500.04': {
        await payin.expectOutcome('Outcome unknown');
        await payin.result.getByRole('button', { name: 'Ask the gateway again' }).click();
        if (approvedAfterAsking.has(kind)) {
          await payin.expectOutcome('Approved');
          return 'approved';
        }
        // 500.01: the gateway made no order and faults again; the agent leaves it to History.
        await expect(payin.result).toContainText('Asked the gateway again');
        await payin.result.getByRole('button', { name: 'Check later' }).click();
        await expect(payin.result.getByRole('button', { name: 'Check later' })).toBeHidden();
        // The form keeps what it held: the merchant's callback address goes, or the next pay-in would
        // wait for a notification that never comes to Paydesk.
        await payin.callbackUrl.fill('');
        return 'check-later';
      }
      default:
        await payin.expectOutcome('Approved');
        return 'approved';
    }
  }

  private async receipt(): Promise<void> {
    await this.payin.result.getByRole('button', { name: 'Receipt…' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Receipt' });
    await expect(dialog.getByRole('region', { name: 'Payment receipt' })).toContainText('Approved');
    await this.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  /**
   * Back to the pay-in page (the form as it was left), once the page has put the focus on its first field
   * (50 ms after it shows): a click on "Same customer again" before that has its focus on the card number
   * taken away again — faster than an agent, but not than a script.
   */
  async open(): Promise<void> {
    const heading = this.page.getByRole('heading', { name: 'Card payment (MOTO)' });
    const away = !(await heading.isVisible());
    await goTo(this.page, 'Pay-in');
    await expect(heading).toBeVisible();
    if (away) await expect(this.payin.userId).toBeFocused();
  }
}

/** A look through History: a few wheel turns, a row's details, and now and then a search or the KYC view. */
export async function browseHistory(page: Page, turn: number): Promise<void> {
  const history = new HistoryPage(page);
  await history.open();
  await expect(history.rows.first()).toBeVisible();
  if (turn % 4 === 1) {
    await history.searchFor('Jane');
    await expect(history.tableStatus).toHaveText(/\brows?\b/);
    await history.clearFilters.click();
  }
  if (turn % 4 === 3) {
    await history.show('KYC batches');
    await openAndCloseFirstRow(page, history);
    await history.show('Pay-ins');
  }
  const box = await history.table.boundingBox();
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y + Math.min(200, box.height / 2));
    for (let tick = 0; tick < 6; tick++) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(16);
    }
  }
  await openAndCloseFirstRow(page, history);
}

async function openAndCloseFirstRow(page: Page, history: HistoryPage): Promise<void> {
  const row = history.rows.first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(history.drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history.drawer).toBeHidden();
}

/**
 * One KYC batch: the file chosen with the picker, its first invalid cell fixed, the valid records sent,
 * then History's view of KYC batches showing it. (A batch has no Close: the next file replaces it, and
 * main keeps at most four.)
 */
export async function kycBatch(kyc: KycPage, file: KycFile): Promise<void> {
  const { page } = kyc;
  await goTo(page, 'KYC batches');
  await expect(kyc.heading).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await kyc.chooseFile.click();
  await (await chooser).setFiles(file.path);
  await expect(kyc.batchHeader).toContainText(file.name, { timeout: 120_000 });
  await expect(kyc.batchHeader).toContainText(`${file.records.toLocaleString('en-US')} records`, {
    timeout: 120_000,
  });
  await kyc.showOnly('Invalid');
  await kyc.fix(file.firstInvalid.row, file.firstInvalid.field, file.firstInvalid.fixed);
  await expect(kyc.announcer).toHaveText(`Row ${file.firstInvalid.row} is valid now.`);
  await kyc.showOnly('All rows');
  const box = await kyc.gridScroll.boundingBox();
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let tick = 0; tick < 10; tick++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(16);
    }
  }
  const valid = file.valid + 1;
  await expect(kyc.submit).toHaveText(`Submit ${valid.toLocaleString('en-US')} valid records`);
  await kyc.submit.click();
  await expect(kyc.sendTotals).toHaveText(`${valid.toLocaleString('en-US')} accepted by the gateway`, {
    timeout: 300_000,
  });
}

/** History's view of KYC batches, the batch just sent opened and closed again. */
export async function kycBatchInHistory(page: Page, fileName: string): Promise<void> {
  const history = new HistoryPage(page);
  await history.open();
  await history.show('KYC batches');
  const batch = history.rows.filter({ hasText: fileName }).first();
  await expect(batch).toContainText('Completed');
  await batch.click();
  await expect(history.drawer).toContainText('accepted');
  await page.keyboard.press('Escape');
  await expect(history.drawer).toBeHidden();
  await history.show('Pay-ins');
}

export interface KycFile {
  path: string;
  name: string;
  records: number;
  valid: number;
  firstInvalid: { row: number; field: 'email'; fixed: string };
}

/**
 * A CSV of `records` KYC records of batch `batch` (userIds of its own, so that every batch is new to the
 * gateway and to History's memory of files), with one record in nine invalid as ui-fixtures.ts
 * plants them: a bad e-mail, birthday or country in turn. The first invalid one is record 4, its e-mail.
 */
export async function writeSoakKycFile(
  path: string,
  name: string,
  batch: number,
  records: number,
): Promise<KycFile> {
  const invalid = await writeKycCsv(path, records, (i) => `soak-b${batch}-${String(i).padStart(6, '0')}`);
  return {
    path,
    name,
    records,
    valid: records - invalid,
    firstInvalid: { row: 6, field: 'email', fixed: kycRecord(4).email },
  };
}
