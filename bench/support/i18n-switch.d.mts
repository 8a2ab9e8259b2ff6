// The types of i18n-switch.mjs (plain JavaScript, see there why).
export function switchTimes(
  library: 'lingui' | 'react-intl',
  en: Record<string, string>,
  de: Record<string, string>,
  switches: number,
): number[];
