// What the service refused, for the administrator: a count per reason since start, and the latest few
// refusals with their time and the start of their body (its `sign` blanked out). Bounded: a flood of
// forged posts costs a counter and a fixed-size ring, never memory that grows.

export const REJECTION_REASONS = [
  'malformed',
  'unsupported_media_type',
  'oversized',
  'unknown_merchant',
  'bad_signature',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

interface RejectionSample {
  at: string;
  reason: RejectionReason;
  merchantId: number | null;
  merchantTradeNo: string | null;
  /** The body's first characters, its `sign` value replaced by "…". */
  body: string;
}

export const SAMPLE_SIZE = 20;
export const SAMPLE_BODY_CHARS = 512;

/** The body with every "sign" value blanked, cut to SAMPLE_BODY_CHARS (works on text that is not JSON too). */
export function sampleBody(raw: string): string {
  const blanked = raw.replace(/("sign"\s*:\s*)"(?:[^"\\]|\\.)*"?/g, '$1"…"');
  return blanked.length > SAMPLE_BODY_CHARS ? `${blanked.slice(0, SAMPLE_BODY_CHARS)}…` : blanked;
}

export class Rejections {
  readonly #counts = new Map<RejectionReason, number>(REJECTION_REASONS.map((reason) => [reason, 0]));
  readonly #sample: RejectionSample[] = [];

  record(
    reason: RejectionReason,
    raw: string,
    about: { merchantId?: number | undefined; merchantTradeNo?: string | undefined } = {},
  ): void {
    this.#counts.set(reason, (this.#counts.get(reason) ?? 0) + 1);
    this.#sample.push({
      at: new Date().toISOString(),
      reason,
      merchantId: about.merchantId ?? null,
      merchantTradeNo: about.merchantTradeNo ?? null,
      body: sampleBody(raw),
    });
    if (this.#sample.length > SAMPLE_SIZE) this.#sample.shift();
  }

  /** Counts per reason and the sample, newest last. */
  snapshot(): { counts: Record<RejectionReason, number>; sample: RejectionSample[] } {
    return {
      counts: Object.fromEntries(this.#counts) as Record<RejectionReason, number>,
      sample: this.#sample.map((entry) => ({ ...entry })),
    };
  }
}
