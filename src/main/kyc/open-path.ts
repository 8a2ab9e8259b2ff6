// Where main opens a KYC file by its path. The path comes from a host, never from the page (the preload
// finds it from a File the operator dropped or picked; the browser harness names the temporary file its
// upload was written to), but it is checked here as if it could be anything: a full path, a name Paydesk
// reads, a regular file (not a folder, a device or a pipe, which could hang a read or never end), neither
// empty nor past the size limit. The file is opened once and its descriptor checked again, so what the
// worker reads is the file that passed, even if the path is swapped in between.
import { constants } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { fileTypeWords } from '@shared/kyc-batch';
import { refusal, refusalIn } from '../i18n/refuse';
import { fileSizeRefusal } from './limits';

interface CheckedFile {
  handle: FileHandle;
  size: number;
  /** The file's own name, as the batch and history show it. */
  fileName: string;
}

/** Opens the file at `path` for reading once it passes every check; the caller closes the handle. */
export async function openCheckedFile(path: string, maxBytes: number): Promise<CheckedFile> {
  if (!isAbsolute(path)) throw refusal('invalid', 'refusal.kyc.fullPathOnly', undefined, 'path');
  const fileName = basename(path);
  const typeProblem = fileTypeWords(fileName);
  if (typeProblem) throw refusalIn('invalid', typeProblem);
  let found: Awaited<ReturnType<typeof stat>>;
  try {
    found = await stat(path);
  } catch {
    throw refusal('not_found', 'refusal.kyc.fileNotFound', { file: fileName });
  }
  // Checked before it is opened: opening a pipe would wait for a writer.
  if (!found.isFile()) throw refusal('invalid', 'refusal.kyc.notAFile', { file: fileName });
  const tooLarge = fileSizeRefusal(fileName, found.size, maxBytes);
  if (tooLarge) throw tooLarge;
  let handle: FileHandle;
  try {
    // O_NONBLOCK: should a pipe take the file's place after the check, the open still returns at once.
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    throw refusal('not_found', 'refusal.kyc.fileUnreadable', { file: fileName });
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile() || opened.ino !== found.ino || opened.dev !== found.dev) {
      throw refusal('conflict', 'refusal.kyc.fileChangedOpening', { file: fileName });
    }
    const size = fileSizeRefusal(fileName, opened.size, maxBytes);
    if (size) throw size;
    return { handle, size: opened.size, fileName };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
