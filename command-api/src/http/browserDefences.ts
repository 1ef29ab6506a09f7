import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Body media types a state-changing route takes besides application/json, e.g.
     * `['application/pdf']` for the certificate upload. Everything else answers 415.
     */
    bodyTypes?: readonly string[];
  }
}

/** The methods that change state: each is checked for its origin and its body's media type. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another site and was refused.';
export const unsupportedBodyMessage = (types: readonly string[]) => `The request body must be ${types.join(' or ')}.`;

/**
 * What a browser must not let another site do with MedChest, on the page and the API alike:
 *
 * - Headers (helmet): a Content-Security-Policy whose scripts come only from this origin (the
 *   built web app has no inline script) and that no site may frame; nosniff; a referrer that
 *   never carries a path to another site; HSTS only on answers sent over HTTPS (over plain HTTP
 *   it means nothing, and on a developer's http://localhost it would be wrong).
 * - CSRF: a state-changing request is refused with 403 when the browser says it comes from
 *   another site (`Sec-Fetch-Site: cross-site`, or an `Origin` that is not this host), and its
 *   body must be JSON (415 otherwise): a cross-site form or a `text/plain` fetch cannot send
 *   JSON without a CORS preflight, which this API never grants. A route that takes another media
 *   type names it in `config.bodyTypes`. A request without a body (a DELETE, a logout) has no
 *   media type to check; its origin still is.
 */
export async function registerBrowserDefences(app: FastifyInstance): Promise<void> {
  // helmet's own middleware, built once and run on every answer. @fastify/helmet built it anew for
  // every request (its options parsed, the CSP directives checked and joined: 4% of the server
  // thread's CPU on a small signed-in read); it sets the same headers on the raw response, as this does.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style properties through the DOM, which CSP allows; style attributes in
        // markup are not used, but a library's injected <style> would be, so styles stay open.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: false,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));

  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (!STATE_CHANGING.has(request.method)) return;
    if (fromAnotherSite(request)) throw new HttpError(403, FOREIGN_ORIGIN_MESSAGE);
    const allowed = ['application/json', ...(request.routeOptions.config?.bodyTypes ?? [])];
    const type = mediaType(request.headers['content-type']);
    if (type === undefined ? hasBody(request) : !allowed.includes(type)) {
      throw new HttpError(415, unsupportedBodyMessage(allowed));
    }
  });
}

/** Whether the browser says the request was made by a page of another site. */
function fromAnotherSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false; // not sent by a browser's cross-origin request
  try {
    // The scheme is not compared: behind a TLS-terminating proxy without TRUST_PROXY the API sees
    // http while the page is https; the host is what another site cannot share.
    return new URL(origin).host !== request.host;
  } catch {
    return true; // "null" (a sandboxed frame, a file) or garbage
  }
}

function mediaType(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  return header.split(';')[0]!.trim().toLowerCase();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
