// The operator's forms: name and idle lock (settings.update), passphrase set/replace/remove (lock.*).
// Each is the contract's own input schema behind the zod resolver, so the page refuses what main would.

import { schemaResolver } from '@renderer/lib/zod-resolver';
import { type ChannelInput, ipcChannels } from '@shared/ipc';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';

export interface OperatorFormValues {
  operatorName: string;
  idleLockMinutes: string;
}

export const IDLE_MINUTES = { min: 1, max: 240, default: 15 } as const;
const IDLE_MESSAGE = `A whole number of minutes from ${IDLE_MINUTES.min} to ${IDLE_MINUTES.max}.`;

type OperatorPatch = ChannelInput<'settings.update'>;

const operatorSchema = z
  .custom<OperatorFormValues>()
  .transform(
    (values): OperatorPatch => ({
      operatorName: values.operatorName.trim(),
      idleLockMinutes: /^\d+$/.test(values.idleLockMinutes.trim())
        ? Number(values.idleLockMinutes.trim())
        : Number.NaN,
    }),
  )
  .pipe(ipcChannels['settings.update'].input);
const resolveOperator = schemaResolver(operatorSchema);

export const operatorResolver: Resolver<OperatorFormValues, unknown, OperatorPatch> = async (
  values,
  context,
  options,
) => {
  const result = await resolveOperator(values, context, options);
  // zod's own words for a number out of range speak of ">=1"; the field speaks of minutes.
  if (result.errors.idleLockMinutes) result.errors.idleLockMinutes.message = IDLE_MESSAGE;
  return result;
};

export interface PassphraseFormValues {
  current: string;
  passphrase: string;
  repeat: string;
}

export const EMPTY_PASSPHRASES: PassphraseFormValues = { current: '', passphrase: '', repeat: '' };

type SetPassphraseInput = ChannelInput<'lock.setPassphrase'>;

const setPassphraseSchema = z
  .custom<PassphraseFormValues>()
  .transform(
    (values): SetPassphraseInput =>
      values.current
        ? { current: values.current, passphrase: values.passphrase }
        : { passphrase: values.passphrase },
  )
  .pipe(ipcChannels['lock.setPassphrase'].input);
const resolveSetPassphrase = schemaResolver(setPassphraseSchema);

/** Setting needs the new passphrase twice; replacing needs the current one as well. */
export function passphraseResolver(
  replacing: boolean,
): Resolver<PassphraseFormValues, unknown, SetPassphraseInput> {
  return async (values, context, options) => {
    const result = await resolveSetPassphrase(values, context, options);
    const errors: FieldErrors<PassphraseFormValues> = { ...result.errors };
    if (replacing && !values.current) {
      errors.current = { type: 'required', message: 'Type the current passphrase.' };
    }
    if (!errors.passphrase && values.repeat !== values.passphrase) {
      errors.repeat = { type: 'match', message: 'Not the same as the new passphrase.' };
    }
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors };
  };
}

export interface RemovePassphraseValues {
  current: string;
}

const resolveRemove = schemaResolver(
  z.custom<RemovePassphraseValues>().pipe(ipcChannels['lock.removePassphrase'].input),
);

export const removePassphraseResolver: Resolver<
  RemovePassphraseValues,
  unknown,
  ChannelInput<'lock.removePassphrase'>
> = async (values, context, options) => {
  const result = await resolveRemove(values, context, options);
  if (result.errors.current) result.errors.current.message = 'Type the current passphrase.';
  return result;
};
