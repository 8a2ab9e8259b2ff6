// Entry of a KYC worker thread (a second main entry in electron.vite.config.ts; run through tsx from
// sources). It reads files and checks ranges of their rows so that main's event loop never holds them; it
// keeps nothing between jobs, so a job that fails or is stopped loses nothing but itself.
import { parentPort } from 'node:worker_threads';
import { checksTransferables } from '../checking/packed-checks';
import { sharePacked } from '../reading/cell-store';
import { readDescriptor } from '../reading/read-descriptor';
import { collectGarbageSoon } from './collect-garbage';
import { checkRows, openFile } from './open-file';
import { type CollectRequest, failureOf, type WorkerJob, type WorkerReply } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('kyc-worker runs only as a worker thread.');

async function run(job: WorkerJob): Promise<{ reply: WorkerReply; transfer: ArrayBuffer[] }> {
  if (job.kind === 'open') {
    const bytes = 'fd' in job.file ? readDescriptor(job.file.fd, job.file.size) : job.file.bytes;
    const file = await openFile(bytes, job.fileName, job.limits);
    const opened = { ...file, cells: sharePacked(file.cells) };
    return {
      reply: { id: job.id, ok: true, kind: 'open', opened },
      transfer: [opened.rowNumbers.buffer as ArrayBuffer],
    };
  }
  const checks = checkRows(job.check);
  return { reply: { id: job.id, ok: true, kind: 'check', checks }, transfer: checksTransferables(checks) };
}

port.on('message', (job: WorkerJob | CollectRequest) => {
  if (job.kind === 'collect') {
    void collectGarbageSoon();
    return;
  }
  run(job).then(
    ({ reply, transfer }) => port.postMessage(reply, transfer),
    (error: unknown) => port.postMessage({ id: job.id, ok: false, failure: failureOf(error) } as WorkerReply),
  );
});
