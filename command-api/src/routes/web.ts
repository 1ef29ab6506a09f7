import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_NOT_BUILT =
  'The web app is not built (web/dist is missing). Run `npm run build:web` (npm start does it for you) and restart.';

/** Hashed build files: their URL changes whenever their content does. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serve the built web app. Client routes (anything not under /api that is not a file) get
 * index.html so react-router can take over; unknown /api paths get a JSON 404.
 * Registered on the root instance: it owns the app's not-found handler.
 */
export const isWebAppBuilt = (webDist: string): boolean => existsSync(path.join(webDist, 'index.html'));

export async function registerWebApp(app: FastifyInstance, webDist: string | false): Promise<void> {
  const built = webDist !== false && isWebAppBuilt(webDist);
  if (built) {
    const assets = path.join(path.resolve(webDist), 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      index: 'index.html',
      wildcard: true,
      // The build writes .br and .gz copies (web/precompress.ts): the smaller one the browser
      // accepts is sent as it is, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, file) => {
        // Vite names every file under assets/ by its content's hash: a changed file is a new URL,
        // so browsers may keep these for good. Everything else (the pages, the icon) is asked
        // again each time and costs a 304 when unchanged, so a release is seen at once.
        reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : 'no-cache');
      },
    });
  } else if (webDist !== false) {
    app.log.warn(WEB_NOT_BUILT);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    const looksLikeFile = path.posix.extname(pathname) !== '';
    if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile) {
      if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT);
      // The captain portal is its own page and bundle (issue 12): every /captain path gets it.
      if ((pathname === '/captain' || pathname.startsWith('/captain/')) && existsSync(path.join(webDist, 'captain.html'))) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('captain.html');
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
