import { toast } from '../components/ui/toast-store';

/** How long the Unauthorized toast shows before the browser leaves for the login route (spec 000 §9). */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
/** The server's login route; it answers with a redirect to /login. */
export const SERVER_LOGIN_URL = '/api/login';

/** 'waiting': the visit is scheduled; 'leaving': the browser was sent to /api/login. */
let redirect: 'none' | 'waiting' | 'leaving' = 'none';

/**
 * The one reaction to being logged out (spec 000 §2, §8): a destructive 'Unauthorized' toast, then
 * after 500 ms a full-page visit to /api/login. Called from several places at once (a protected
 * page and each of its failing queries), it schedules the visit only once.
 */
export function redirectToLogin(): void {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  if (redirect !== 'none') return;
  redirect = 'waiting';
  afterNextPaint(() => {
    setTimeout(() => {
      redirect = 'leaving';
      window.location.href = SERVER_LOGIN_URL;
    }, UNAUTHORIZED_REDIRECT_DELAY_MS);
  });
}

/**
 * Back (or Forward) pressed while that visit loads cancels it, and this page stays: the protected
 * page the history step lands on must be able to start the flow again, or it would say "Logging
 * in again..." for ever.
 */
function forgetCancelledVisit(): void {
  if (redirect === 'leaving') redirect = 'none';
}

/**
 * Back from the login page can bring this very page back from the browser's back-forward cache,
 * as it was when it left: still saying "Logging in again...", with nothing left to do. Load it
 * afresh instead, so it shows what the session allows now (the Unauthorized flow again, or the
 * page itself for a user who has logged in since).
 */
function reloadIfRestoredAfterLeaving(event: PageTransitionEvent): void {
  if (event.persisted && redirect === 'leaving') window.location.reload();
}

if (typeof window !== 'undefined' && window.addEventListener) {
  // Captured, so it runs before the router's own listener renders the page the step lands on.
  window.addEventListener('popstate', forgetCancelledVisit, { capture: true });
  window.addEventListener('pageshow', reloadIfRestoredAfterLeaving);
}

/**
 * Run `then` once the toast has been painted, so the 500 ms are 500 ms the user can read it even
 * when a busy browser renders late (two animation frames: the second starts after the first paint).
 * A tab in the background gets no frames: a plain timer is the fallback.
 */
function afterNextPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  requestAnimationFrame(() => requestAnimationFrame(once));
  setTimeout(once, 250);
}
