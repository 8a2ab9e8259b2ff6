// The language the desk speaks, as main last said it (language.get / language.set): the OS's before anyone
// signs in and for an operator who chose none, the operator's own otherwise. Asked again whenever the
// session changes hands, so the next person at the desk reads their own language.
import { activateLanguage } from '@renderer/i18n/load-language';
import type { Language, LanguageChoice } from '@shared/languages';
import { create } from 'zustand';
import { call } from './paydesk';
import { useSessionStore } from './session-store';

interface LanguageState {
  choice: LanguageChoice | undefined;
  refresh: () => Promise<void>;
  /** The signed-in operator's own language; null: follow the OS's again. */
  choose: (language: Language | null) => Promise<void>;
}

async function applied(choice: LanguageChoice): Promise<LanguageChoice> {
  await activateLanguage(choice.language);
  return choice;
}

export const useLanguageStore = create<LanguageState>((set) => ({
  choice: undefined,
  async refresh() {
    try {
      set({ choice: await applied(await call('language.get')) });
    } catch {
      // Main cannot say (no bridge): English, the source, rather than no page at all.
      set({ choice: await applied({ language: 'en', desk: 'en', chosen: false }) });
    }
  },
  async choose(language) {
    set({ choice: await applied(await call('language.set', { language })) });
  },
}));

/** Once per app: the language at start, and again each time the session changes hands. */
export function watchLanguage(): () => void {
  let operator: string | undefined;
  void useLanguageStore.getState().refresh();
  return useSessionStore.subscribe((state) => {
    const now = state.session?.kind === 'signed-in' ? state.session.operator.id : undefined;
    if (now === operator) return;
    operator = now;
    void useLanguageStore.getState().refresh();
  });
}
