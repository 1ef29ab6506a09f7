import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * The captain portal's dialog: a sheet from the bottom of a phone's screen (a centred card on a
 * wide one), modal, its title naming it, the first field focused, Tab kept inside, Escape to close
 * (not while saving), focus back where it was. The portal's own: the fleet's Dialog would bring
 * the fleet's icons and chunks into the portal.
 */
export function CaptainSheet({
  title,
  description,
  busy,
  onClose,
  footer,
  children,
  testId,
  wide,
}: {
  title: ReactNode;
  description?: ReactNode;
  busy?: boolean;
  onClose: () => void;
  footer: ReactNode;
  children: ReactNode;
  testId?: string;
  /** Room for a table on a wide screen (the receive form). */
  wide?: boolean;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const latest = useRef({ onClose, busy });
  useEffect(() => {
    latest.current = { onClose, busy };
  });

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const element = panel.current;
    (element?.querySelector<HTMLElement>('[data-autofocus]') ?? element?.querySelector<HTMLElement>(FOCUSABLE) ?? element)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !latest.current.busy) latest.current.onClose();
      if (event.key !== 'Tab' || !element) return;
      const items = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const [first, last] = [items[0], items[items.length - 1]];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, []);

  return (
    <div className="captain-dialog">
      <div
        ref={panel}
        className={`captain-card captain-sheet${wide ? ' captain-sheet--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-testid={testId}
      >
        <h2 id={titleId}>{title}</h2>
        {description && (
          <p id={descriptionId} className="captain-small">
            {description}
          </p>
        )}
        <div className="captain-sheet__body">{children}</div>
        <div className="captain-actions captain-sheet__actions">{footer}</div>
      </div>
    </div>
  );
}
