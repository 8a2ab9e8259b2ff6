// A country's calling code (v1's iddCode follows the country), from libphonenumber's data through
// src/shared/countries.ts. That data is 90 kB of minified JavaScript that only a v1 pay-in sends anything
// from: it loads once the pay-in page is up and idle, and the form fills the code in when it arrives.
import { useEffect, useState } from 'react';

type CallingCodeOf = (countryCode: string) => string | undefined;

let loaded: CallingCodeOf | undefined;
let loading: Promise<CallingCodeOf> | undefined;

export function loadCallingCodes(): Promise<CallingCodeOf> {
  loading ??= import('@shared/countries').then(
    (module) => {
      loaded = module.callingCodeOf;
      return loaded;
    },
    (error: unknown) => {
      // The next caller tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The lookup if it has loaded already (the form's defaults use it), else undefined. */
export function callingCodesIfLoaded(): CallingCodeOf | undefined {
  return loaded;
}

/** The lookup, once loaded: the component renders again when it arrives. */
export function useCallingCodes(): CallingCodeOf | undefined {
  const [lookup, setLookup] = useState<CallingCodeOf | undefined>(() => loaded);
  useEffect(() => {
    if (lookup) return;
    let current = true;
    const load = () =>
      void loadCallingCodes().then(
        (found) => current && setLookup(() => found),
        () => undefined,
      );
    // Once the page is idle: the first frames belong to the form.
    if (typeof requestIdleCallback !== 'function') {
      load();
      return () => {
        current = false;
      };
    }
    const idle = requestIdleCallback(load, { timeout: 3_000 });
    return () => {
      current = false;
      cancelIdleCallback(idle);
    };
  }, [lookup]);
  return lookup;
}
