import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe violations of the page, each as "rule (impact): target, target" so
 * a failure says where.
 *
 * axe runs in the page itself (legacy mode: axe.run, not runPartial in each frame and finishRun in
 * a blank page opened for it) and collects only violations (resultTypes: the passes, incomplete
 * and inapplicable results are the ones the checks below never read). Same rules, same
 * violations: on pages with violations put in on purpose both ways answered the same list. It
 * took 2.5-7 s instead of 15-19 s on the 141-row inventory page of the 2-core CI machine, the
 * slowest of e2e/30. What legacy mode leaves out is cross-origin frames: the app has no frames.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
