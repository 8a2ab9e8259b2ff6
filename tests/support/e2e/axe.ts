// axe-core on the page as it is now: the serious and critical violations, in a form that reads well in a
// failed assertion (an empty list passes).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function seriousViolations(page: Page, options: { disableRules?: string[] } = {}) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .disableRules(options.disableRules ?? [])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      // axe's own explanation (colours and ratio, missing name, …) beside each element.
      targets: violation.nodes.map((node) =>
        [node.target.join(' '), node.any[0]?.message ?? node.all[0]?.message].filter(Boolean).join(': '),
      ),
    }));
}

/** The violations of the named rules only, whatever their impact (a finding named in an issue, asserted gone). */
export async function violationsOf(page: Page, rules: string[]) {
  const results = await new AxeBuilder({ page }).withRules(rules).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
