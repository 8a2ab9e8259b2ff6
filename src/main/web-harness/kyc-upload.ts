// The browser harness's way in for a KYC file. The page sends the File's bytes as the body of one request
// (bridge-script.ts, openKycFile); they are written as they arrive to a temporary file in a folder of its
// own, which main then opens by path through the file channel (kyc.openPath), exactly as the app opens a
// dropped file, and the folder is removed once the file is open (the batch keeps its bytes in memory). The
// file's name comes from the page, so it must be a plain name, never a path; the size is checked from the
// request's length before a byte is stored.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { IpcResult } from '@shared/ipc';
import { refusedWith } from '../i18n/refuse';
import type { IpcDispatcher } from '../ipc/dispatch';
import { fileSizeRefusal } from '../kyc/limits';

const FILE_NAME_HEADER = 'x-paydesk-file-name';

const invalid = (
  key: 'refusal.kyc.uploadUnnamed' | 'refusal.kyc.uploadNoLength' | 'refusal.kyc.uploadCut',
): IpcResult<never> => refusedWith('invalid', key);

/** The uploaded file's name (URI-encoded in its header), when it is a plain file name. */
function uploadedFileName(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    return undefined;
  }
  const plain =
    name.length > 0 &&
    name.length <= 255 &&
    name !== '.' &&
    name !== '..' &&
    basename(name) === name &&
    !/[\\/\0]/.test(name);
  return plain ? name : undefined;
}

/**
 * A refusal the request's headers alone decide (no name, no length, too large): answered before the body is
 * read, or undefined when the body may be stored.
 */
export function uploadRefusal(request: IncomingMessage, maxBytes: number): IpcResult<never> | undefined {
  const name = uploadedFileName(request.headers[FILE_NAME_HEADER]);
  if (name === undefined) return invalid('refusal.kyc.uploadUnnamed');
  const length = request.headers['content-length'];
  const declared = Number(length);
  if (length === undefined || !Number.isSafeInteger(declared) || declared < 0) {
    return invalid('refusal.kyc.uploadNoLength');
  }
  const refusal = fileSizeRefusal(name, declared, maxBytes);
  return refusal ? { ok: false, error: refusal.toIpcError() } : undefined;
}

/** Stores the upload (its headers passed uploadRefusal), opens it by path, and removes it again. */
export async function openUpload(
  request: IncomingMessage,
  dispatchFile: IpcDispatcher,
): Promise<IpcResult<unknown>> {
  const name = uploadedFileName(request.headers[FILE_NAME_HEADER])!;
  const declared = Number(request.headers['content-length']);
  const folder = await mkdtemp(join(tmpdir(), 'paydesk-upload-'));
  try {
    const path = join(folder, name);
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(received > declared ? new Error('The upload is longer than it said.') : null, chunk);
      },
    });
    await pipeline(request, counted, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    if (received !== declared) return invalid('refusal.kyc.uploadCut');
    return await dispatchFile('kyc.openPath', { path });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
