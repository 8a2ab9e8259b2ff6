// The operator lock as a feature of the app: the passphrase's hash in the keychain (read from the OS
// keychain even when it was late at start, so that the lock fails closed), the lock record for this OS user,
// the idle clock, each lock and unlock audited under the operator's name.
import type { PaydeskConfig } from '../app-config';
import type { HistoryStore } from '../history/history-store';
import type { SettingsService } from '../settings/settings-service';
import { lockHandlers } from './lock-handlers';
import { lockRecordIn } from './lock-record';
import { createLockService } from './lock-service';

export async function createLockFeature(
  config: PaydeskConfig,
  deps: { settings: SettingsService; history: HistoryStore; operator: () => string },
) {
  const lock = await createLockService({
    vault: config.keychainVault ?? config.vault,
    record: lockRecordIn(config.dataDir),
    idleLockMinutes: () => deps.settings.read().idleLockMinutes,
    emit: (state) => config.emit('lock.changed', state),
    audit: (event, outcome, detail) =>
      deps.history.recordEvent({
        operator: deps.operator(),
        event,
        outcome,
        resource: 'operator-lock',
        detail,
      }),
  });
  lock.startIdleClock();
  return { lock, handlers: () => lockHandlers(lock), stop: () => lock.stopIdleClock() };
}
