// KYC batches as a feature of the app: one worker thread reads and checks KYC files for the whole app,
// started on the first file; batches are sent on the active profile's KYC address.
import type { PaydeskConfig } from '../app-config';
import type { GatewayAccess } from '../gateway/gateway-access';
import type { HistoryStore } from '../history/store/history-store';
import { createKycBatches } from './batches';
import { deskToday } from './checking/document-dates';
import { kycFileHandlers, kycHandlers } from './kyc-handlers';
import { createKycService } from './kyc-service';
import { createMappingMemory } from './mapping-memory';
import { KycWorkerPool } from './worker/worker-pool';

export function createKycFeature(
  config: PaydeskConfig,
  deps: { history: HistoryStore; gateway: GatewayAccess; operator: () => string },
) {
  const now = config.now ?? Date.now;
  const workers = new KycWorkerPool();
  const kyc = createKycService({
    batches: createKycBatches({
      workers,
      onChecked: (event) => config.emit('kyc.checked', event),
      today: () => deskToday(now()),
    }),
    history: deps.history,
    connection: deps.gateway.kycConnection,
    emitProgress: (event) => config.emit('kyc.progress', event),
    mappings: createMappingMemory(config.settingsStore),
    operator: deps.operator,
    now,
  });
  return {
    kyc,
    handlers: () => kycHandlers(kyc),
    /** The file channels, for the hosts alone: each derives the path from a File the operator gave. */
    fileHandlers: () => kycFileHandlers(kyc),
    stop: () => workers.close(),
  };
}
