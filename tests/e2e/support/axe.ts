import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

export interface Violation {
  rule: string;
  impact: string;
  /** the page's path and search */
  page: string;
  /** the elements, as axe's selectors */
  targets: string[];
}

/** The rules whose verdict depends on the theme: the colours of text, and of links set in text. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe's serious and critical violations on the page as it is now (only `rules`, when given). Legacy mode runs axe in the page itself, without
 * the blank page the default mode opens per check (seconds each on a busy machine). "Label in name" (WCAG 2.5.3) is
 * still marked experimental in axe, so it is asked for by name: a control's visible words must be part of its name,
 * which is what a speech user says to reach it.
 */
export async function blockingViolations(page: Page, rules?: string[]): Promise<Violation[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const { violations } = await (
    rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS).options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
  ).analyze();
  const url = new URL(page.url());
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      page: url.pathname + url.search,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** One line per violation: the page, the rule and where. */
export const describeViolation = (violation: Violation) => `${violation.page} ${violation.rule}: ${violation.targets.join(', ')}`;
