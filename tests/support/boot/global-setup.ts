// Builds the app once for the boot tests, from the sources as they are now: a stale bundle would prove
// nothing about them.
import { BOOT_TEST_OUT_DIR, buildApp } from './build';

export default function buildForBootTests(): void {
  buildApp(BOOT_TEST_OUT_DIR);
}
