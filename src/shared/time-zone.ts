// An IANA time zone as the channels take it: the renderer's own, sent so that what main writes (a receipt,
// a spreadsheet's times) shows the desk's clock, as the screen does.
import { z } from 'zod';

/** An IANA time zone this runtime knows. */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-GB', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'An IANA time zone such as Europe/Berlin.' },
  );
