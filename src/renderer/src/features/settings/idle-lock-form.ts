// The idle lock's form (settings.update): the contract's own input schema behind the zod resolver, so the
// page refuses what main would.

import { translate } from '@renderer/i18n/i18n';
import { schemaResolver } from '@renderer/lib/zod-resolver';
import { type ChannelInput, ipcChannels } from '@shared/ipc';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

export interface IdleLockFormValues {
  idleLockMinutes: string;
}

export const IDLE_MINUTES = { min: 1, max: 240, default: 15 } as const;

type IdleLockPatch = ChannelInput<'settings.update'>;

const idleLockSchema = z
  .custom<IdleLockFormValues>()
  .transform(
    (values): IdleLockPatch => ({
      idleLockMinutes: /^\d+$/.test(values.idleLockMinutes.trim())
        ? Number(values.idleLockMinutes.trim())
        : Number.NaN,
    }),
  )
  .pipe(ipcChannels['settings.update'].input);
const resolveIdleLock = schemaResolver(idleLockSchema);

export const idleLockResolver: Resolver<IdleLockFormValues, unknown, IdleLockPatch> = async (
  values,
  context,
  options,
) => {
  const result = await resolveIdleLock(values, context, options);
  // zod's own words for a number out of range speak of ">=1"; the field speaks of minutes, in the language
  // active when the form is checked.
  if (result.errors.idleLockMinutes) {
    result.errors.idleLockMinutes.message = translate('settings.idleLock.invalid', {
      min: IDLE_MINUTES.min,
      max: IDLE_MINUTES.max,
    });
  }
  return result;
};
