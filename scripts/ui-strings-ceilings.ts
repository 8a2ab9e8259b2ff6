// The renderer's files not converted to the catalogues yet, each with its count of literal strings
// (scripts/check-ui-strings.ts) as a ceiling: a file may only go down, and leaves this list at 0.
export const STILL_LITERAL: Record<string, number> = {
  // The pay-in form's field problems and the card checks are being worded by their own change (issue 33);
  // the code rule found them first. Take both off once those words come from the catalogues.
  'src/renderer/src/features/payin/form.ts': 5,
  'src/renderer/src/lib/card-input.ts': 1,
};
