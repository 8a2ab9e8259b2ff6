import './styles';
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { LanguageProvider } from './i18n/LanguageProvider';

const theme = createTheme({
  primaryColor: 'indigo',
  focusRing: 'always',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // Mantine's placement lock (on by default) drops and restores the flip middleware each time a dropdown
    // opens and closes; floating-ui then keeps the new middleware list, whose size callback holds the
    // popover of that render, whose update holds the list before it: a chain that grows by a render's
    // props (about 12 KB) with every Select opened, for as long as the page lives. Unlocked, the list
    // stays the same and nothing is chained (bench:soak, docs/BENCHMARKS.md "Working day").
    Popover: { defaultProps: { preventPositionChangeWhenVisible: false } },
    // A dialog's title row is Mantine's <header>: outside a sectioning element that is a second banner
    // landmark beside the shell's (axe: landmark-no-duplicate-banner). It is only a row of the dialog.
    Modal: { defaultProps: { attributes: { header: { role: 'presentation' } } } },
    Drawer: { defaultProps: { attributes: { header: { role: 'presentation' } } } },
  },
});

// Mantine's light-scheme defaults for dimmed text (gray.6), error text (red.6), the primary filled colour
// (indigo.6 under white text) and the primary light colour (indigo.6 on a tinted hover, or indigo.9 on
// indigo.2) fall short of WCAG AA contrast. Set here, on :root, they reach portalled modals and dropdowns
// as well as the shell.
const contrastVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-primary-color-filled': 'var(--mantine-color-indigo-7)',
    '--mantine-primary-color-filled-hover': 'var(--mantine-color-indigo-8)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-indigo-9)',
    '--mantine-color-indigo-light-color': 'var(--mantine-color-indigo-9)',
    // indigo.9 on the light hover (indigo.2) is 4.1:1: a subtle or light button under the pointer. One
    // step lighter each, the light background and its hover keep 6.0:1 and 5.3:1.
    '--mantine-primary-color-light': 'var(--mantine-color-indigo-0)',
    '--mantine-primary-color-light-hover': 'var(--mantine-color-indigo-1)',
    '--mantine-color-indigo-light': 'var(--mantine-color-indigo-0)',
    '--mantine-color-indigo-light-hover': 'var(--mantine-color-indigo-1)',
  },
  dark: {},
});

const container = document.getElementById('root');
if (!container) throw new Error('Paydesk: #root element missing from index.html');
createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={contrastVariables}>
      <LanguageProvider>
        <App />
      </LanguageProvider>
    </MantineProvider>
  </StrictMode>,
);
