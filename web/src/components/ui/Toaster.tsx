import { dismissToast, useCurrentToast } from './toast-store';
import { CloseIcon } from './icons';

/** Renders the one current toast in a polite live region (assertive when destructive). */
export function Toaster() {
  const current = useCurrentToast();
  return (
    <div className="toast-viewport" aria-live="polite">
      {current && (
        <div
          key={current.id}
          className={`toast toast--${current.variant}`}
          role={current.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
          data-variant={current.variant}
        >
          <div className="toast__body">
            <div className="toast__title" data-testid="toast-title">
              {current.title}
            </div>
            {current.description && (
              <div className="toast__description" data-testid="toast-description">
                {current.description}
              </div>
            )}
          </div>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={() => dismissToast(current.id)}
          >
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
}
