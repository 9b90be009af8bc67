/**
 * axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules, as every spec runs it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's violations on the page as it is now, one line each with the elements named. Only
 * violations are gathered (`resultTypes`): axe otherwise collects the elements of every passed
 * and inapplicable check too, which on a long page is most of its time. The options come before
 * the tags: `options` replaces what `withTags` set, and then every rule would run, the
 * best-practice ones too.
 */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(TAGS).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
