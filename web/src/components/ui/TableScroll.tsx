import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls sideways in on narrow screens. It is a named, focusable region, so a
 * keyboard user can scroll it too (WCAG 2.1.1; axe "scrollable-region-focusable").
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
