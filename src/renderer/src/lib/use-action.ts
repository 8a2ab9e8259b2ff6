// What a form or dialog does around the call it makes: busy while it runs, the refusal kept as the problem to
// show, cleared when it tries again. The markup of that try/catch/finally each form repeated.
import { useState } from 'react';
import { errorMessage } from './paydesk';

export function useAction() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  /** Runs `work`; true when it went through, false (and the problem set) when it threw. */
  async function run(work: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
      return true;
    } catch (error) {
      setProblem(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, problem, setProblem, run };
}
