import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import { eventCodec } from '@medchest/domain';
import type { EventStore, LogPosition } from '@medchest/eventstore';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { authPlugin } from './auth/plugin';
import { initCredentials } from './auth/credentials';
import { createMemoryLimits, type Limits } from './auth/limits';
import type { SessionStore } from './auth/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** The guessing limits (auth/limits.ts): every guessable secret counts its attempts here. */
    limits: Limits;
    /** Every route of the app (method and URL pattern), for tests that must cover each one. */
    routeTable: { method: string; url: string }[];
  }
}
import type { TrustProxy } from './config';
import { registerBrowserDefences } from './http/browserDefences';
import { registerInputSafety } from './http/inputSafety';
import { registerRequestReadModels } from './http/requestReadModels';
import { zodValidatorCompiler } from './http/routeSchemas';
import type { AppDeps } from './commands/context';
import { registerErrorHandler } from './http/errors';
import { createReadModelClock, type ReadDb } from './readModels';
import { PASSWORD_RESET_SECRET_NAME, productSecret, SUPPLIER_LINK_SECRET_NAME } from './secrets';
import { DEFAULT_PASSWORD_RESET_LIMITS, passwordResetRoutes, type PasswordResetLimits } from './routes/passwordReset';
import { adminRoutes } from './routes/admin';
import { captainRoutes } from './routes/captain';
import { initCaptainCodes } from './auth/captainCodes';
import { createMemoryOutbox, type MailOutbox } from './mail/outbox';
import { authRoutes, DEFAULT_GUESSING_LIMITS, type GuessingLimits } from './routes/auth';
import { dashboardRoutes } from './routes/dashboard';
import { healthRoutes } from './routes/health';
import { historyRoutes } from './routes/history';
import { initHistoryCheckpoints } from './history/checkpoints';
import { inventoryRoutes } from './routes/inventory';
import { orderRoutes } from './routes/orders';
import { reportRoutes } from './routes/reports';
import { scaleRoutes } from './routes/scales';
import { vesselRoutes } from './routes/vessels';
import { certificateRoutes } from './routes/certificates';
import { createPostgresFileStore, initCertificateUploads, type FileStore } from '@medchest/projections';
import { volumeRequirementRoutes } from './routes/volumeRequirements';
import { registerWebApp } from './routes/web';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildAppOptions {
  store: EventStore;
  db: ReadDb;
  /** Resolves once the named projections (all without names) have reached `position` (read-your-writes); may reject on timeout. */
  waitFor(position: LogPosition, timeoutMs: number, readModels?: readonly string[]): Promise<unknown>;
  /** Server-side sessions; its table is created (idempotently) while the app is built, as is api_credentials. */
  sessions: SessionStore;
  /** The built web app; false to serve none (API-only). Default: web/dist of this repository. */
  webDist?: string | false;
  logger?: FastifyServerOptions['logger'];
  /**
   * Where guessing limits are counted (app.limits): Redis in the product (shared by restarts and
   * processes, see createRedisLimits); default this process's memory.
   */
  limits?: Limits;
  /** Resolves when Redis answers: /api/health says "degraded" when it does not. */
  redisPing?: () => Promise<unknown>;
  /** The login and sign-up allowances (default DEFAULT_GUESSING_LIMITS). */
  guessing?: Partial<GuessingLimits>;
  /**
   * The one clock: "today" (the dashboard, the chest's compliance) and the `now` of every command
   * (its events' occurredAt, which "as of" replays by). Tests pin it.
   */
  now?: () => Date;
  /** The HMAC key of supplier links (SUPPLIER_LINK_SECRET); default: the product's own, kept in api_secrets. */
  supplierLinkSecret?: string;
  /** The forgot/reset password allowances (default DEFAULT_PASSWORD_RESET_LIMITS). */
  passwordResetLimits?: Partial<PasswordResetLimits>;
  /**
   * The key that signs history checkpoints (see history/checkpoints.ts), kept outside the
   * database. Default: a random key for this instance only (tests); the product loads HISTORY_KEY.
   */
  historyKey?: Buffer;
  /**
   * Behind a reverse proxy (TRUST_PROXY): the client's address, protocol and host come from the
   * X-Forwarded-* headers the trusted proxies set, so the session cookie is Secure over HTTPS and
   * the guessing limits count the real client. Default false: those headers are ignored.
   */
  trustProxy?: TrustProxy;
  /** Where certificate files are kept. Default: PostgreSQL, in the read models' database. */
  files?: FileStore;
  /**
   * The mail path for mails the API sends itself (captain sign-in codes): app/ wires it to the
   * workers' mail queue. Default: kept in memory (API-only tests), never delivered.
   */
  outbox?: MailOutbox;
  /** Base URL of the product, for links in those mails. */
  appUrl?: string;
}

/**
 * The HTTP API and the web app, as one Fastify instance (tests drive it with app.inject).
 * It does not start or stop the projection runner, the store or the sessions: the caller owns them.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    trustProxy: options.trustProxy ?? false,
    // Fastify answers 414 for a path segment longer than this, before any schema runs. An id is
    // checked by its route's schema instead (a malformed one, of any length, answers 404), so the
    // limit is only the bound of the request line Node already enforces (16 KB of headers).
    routerOptions: { maxParamLength: 16 * 1024 },
  });
  // Every route schema is zod (http/routeSchemas.ts); set before any route is declared.
  app.setValidatorCompiler(zodValidatorCompiler);
  const now = options.now ?? (() => new Date());
  app.decorate('clock', now);
  const deps: AppDeps = {
    store: options.store,
    codec: eventCodec,
    db: options.db,
    waitFor: options.waitFor,
    log: app.log,
  };
  const guessing = { ...DEFAULT_GUESSING_LIMITS, ...options.guessing };
  app.decorate('limits', options.limits ?? createMemoryLimits());
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url });
  });

  await options.sessions.init();
  await initCredentials(options.db);
  await initCaptainCodes(options.db);
  await initHistoryCheckpoints(options.db);
  const files = options.files ?? createPostgresFileStore(options.db);
  await files.init();
  await initCertificateUploads(options.db);
  const historyKey = options.historyKey ?? randomBytes(32);
  registerErrorHandler(app);
  await registerBrowserDefences(app);
  registerInputSafety(app);
  await app.register(fastifyCookie);
  // Before the auth plugin, whose session lookup sets the moment of a route that reads the models.
  registerRequestReadModels(app, createReadModelClock(options.db));
  await app.register(authPlugin, { sessions: options.sessions, db: options.db });

  await app.register(healthRoutes, { sessions: options.sessions, redisPing: options.redisPing });
  await app.register(authRoutes, { deps, sessions: options.sessions, guessing });
  let resetSecret: Promise<string> | undefined;
  const passwordResetSecret = () =>
    (resetSecret ??= productSecret(options.db, PASSWORD_RESET_SECRET_NAME).catch((error: unknown) => {
      resetSecret = undefined;
      throw error;
    }));
  await app.register(passwordResetRoutes, {
    deps,
    sessions: options.sessions,
    limits: { ...DEFAULT_PASSWORD_RESET_LIMITS, ...options.passwordResetLimits },
    secret: passwordResetSecret,
  });
  await app.register(dashboardRoutes, { deps, now });
  await app.register(vesselRoutes, { deps });
  await app.register(certificateRoutes, { deps, files });
  await app.register(inventoryRoutes, { deps, now });
  await app.register(volumeRequirementRoutes, { deps, now });
  await app.register(reportRoutes, { deps });
  await app.register(historyRoutes, { deps, now, historyKey });
  await app.register(scaleRoutes, { deps, now });
  let linkSecret: Promise<string> | undefined;
  // Read once; a failed read (database away) is tried again on the next request.
  const supplierLinkSecret = () =>
    (linkSecret ??= options.supplierLinkSecret
      ? Promise.resolve(options.supplierLinkSecret)
      : productSecret(options.db, SUPPLIER_LINK_SECRET_NAME).catch((error: unknown) => {
          linkSecret = undefined;
          throw error;
        }));
  await app.register(orderRoutes, { deps, now, supplierLinkSecret });
  await app.register(adminRoutes, { deps, sessions: options.sessions });
  await app.register(captainRoutes, {
    deps,
    sessions: options.sessions,
    guessing,
    now,
    outbox: options.outbox ?? createMemoryOutbox(),
    appUrl: options.appUrl,
  });
  await registerWebApp(app, options.webDist ?? DEFAULT_WEB_DIST);

  return app;
}
