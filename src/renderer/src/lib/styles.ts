/** Card numbers, codes and ids in a monospace face, in the input only (the label stays as it is). */
export const MONO_INPUT = {
  input: {
    fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
    letterSpacing: '0.04em',
  },
};
