import { z } from 'zod';

/**
 * Configuration from the environment. Every variable has a default that works on a developer's
 * machine (PostgreSQL and Redis on localhost); a bad value stops start-up with one line that names
 * the variable, its value and what was expected.
 */
export interface Config {
  databaseUrl: string;
  redisUrl: string;
  port: number;
  /** esdb:// or kurrentdb:// connection string; undefined → the PostgreSQL event store. */
  eventStoreUrl?: string;
  /** smtp:// or smtps:// URL; undefined → mails are recorded but not delivered. */
  smtpUrl?: string;
  /** Interface to listen on (HOST, default 0.0.0.0 so a container's port mapping reaches it). */
  host: string;
  /** Server log level (LOG_LEVEL, default warn: errors and warnings, no line per request). */
  logLevel: LogLevel;
  /** HMAC key of the supplier links (SUPPLIER_LINK_SECRET); unset → one the product keeps in its database. */
  supplierLinkSecret?: string;
  /** The key that signs history checkpoints (HISTORY_KEY); undefined → read from historyKeyFile. */
  historyKey?: string;
  /** Where the history key is kept when HISTORY_KEY is unset (generated on first use). */
  historyKeyFile: string;
  /**
   * Behind a reverse proxy (TRUST_PROXY): how many proxies to trust (a hop count) or their
   * addresses; false, the default, trusts no forwarded header.
   */
  trustProxy: TrustProxy;
}

/**
 * Fastify's trustProxy: false, or which peers' X-Forwarded-* headers to believe: the nearest
 * `hops` proxies (hop 0 is the socket's peer), or peers at the given addresses / CIDR ranges.
 */
export type TrustProxy = false | ((address: string, hop: number) => boolean) | string[];

/** TRUST_PROXY=N: the N proxies nearest to the server are trusted, whatever their addresses. */
export const trustHops = (hops: number): TrustProxy => (hops === 0 ? false : (_address: string, hop: number) => hop < hops);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const CONFIG_DEFAULTS = {
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/medchest',
  REDIS_URL: 'redis://127.0.0.1:6379',
  PORT: '5000',
  HOST: '0.0.0.0',
  LOG_LEVEL: 'warn',
  HISTORY_KEY_FILE: 'data/history.key',
  TRUST_PROXY: '0',
} as const;

/** Thrown for a bad environment value; its message is the one line to print. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const urlWithScheme = (schemes: string[], expected: string, check: (url: URL) => boolean = () => true) =>
  z.string().refine((value) => {
    try {
      const url = new URL(value);
      return schemes.includes(url.protocol.replace(/:$/, '')) && check(url);
    } catch {
      return false;
    }
  }, expected);

/** Each variable: its schema and the words that follow "expected" in the error line. */
const variables = {
  DATABASE_URL: urlWithScheme(
    ['postgres', 'postgresql'],
    'expected a postgresql:// URL naming a database, e.g. postgresql://postgres@127.0.0.1:5432/medchest',
    (url) => url.pathname.replace(/^\//, '') !== '',
  ),
  REDIS_URL: urlWithScheme(['redis', 'rediss'], 'expected a redis:// URL, e.g. redis://127.0.0.1:6379'),
  PORT: z
    .string()
    .regex(/^\d+$/, 'expected an integer 1-65535')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, 'expected an integer 1-65535'),
  EVENTSTORE_URL: urlWithScheme(
    ['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kurrent', 'kurrent+discover'],
    'expected an esdb:// or kurrentdb:// connection string, or leave it unset for the PostgreSQL event store',
  ).optional(),
  SMTP_URL: urlWithScheme(
    ['smtp', 'smtps'],
    'expected an smtp:// or smtps:// URL, or leave it unset to record mails without delivering them',
  ).optional(),
  HOST: z.string().regex(/^[A-Za-z0-9.:-]+$/, 'expected a host name or IP address, e.g. 0.0.0.0 or 127.0.0.1'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` }),
  SUPPLIER_LINK_SECRET: z.string().min(16, 'expected at least 16 characters, or leave it unset').optional(),
  HISTORY_KEY: z.string().min(32, 'expected a secret of at least 32 characters, or leave it unset to use HISTORY_KEY_FILE').optional(),
  HISTORY_KEY_FILE: z.string().min(1, 'expected a file path'),
  TRUST_PROXY: z.string().transform((value, context): TrustProxy => {
    if (/^\d+$/.test(value) && Number(value) <= 10) return trustHops(Number(value));
    const addresses = value.split(',').map((part) => part.trim());
    if (addresses.every((part) => /^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(part) && /[.:]/.test(part))) return addresses;
    context.addIssue({
      code: 'custom',
      message: 'expected 0 (off), the number of proxies in front (e.g. 1), or their addresses (e.g. 10.0.0.1,10.0.0.0/8)',
    });
    return z.NEVER;
  }),
};

type Env = Record<string, string | undefined>;

const SECRETS = new Set<string>(['HISTORY_KEY']);

/** An unset or blank variable takes its default (or stays unset when it has none). */
function read(env: Env, name: keyof typeof variables): string | undefined {
  const value = env[name];
  if (value === undefined || value.trim() === '') {
    return (CONFIG_DEFAULTS as Record<string, string>)[name];
  }
  return value.trim();
}

function parseVariable<K extends keyof typeof variables>(env: Env, name: K): z.output<(typeof variables)[K]> {
  const raw = read(env, name);
  const result = variables[name].safeParse(raw);
  if (!result.success) {
    const expected = result.error.issues[0]?.message ?? 'a valid value';
    // A secret is never printed, not even a wrong one.
    const shown = SECRETS.has(name) ? '(not shown)' : `"${redactUrl(raw ?? '')}"`;
    throw new ConfigError(`Invalid ${name} ${shown}: ${expected}`);
  }
  return result.data as z.output<(typeof variables)[K]>;
}

export function loadConfig(env: Env = process.env): Config {
  return {
    databaseUrl: parseVariable(env, 'DATABASE_URL'),
    redisUrl: parseVariable(env, 'REDIS_URL'),
    port: parseVariable(env, 'PORT'),
    eventStoreUrl: parseVariable(env, 'EVENTSTORE_URL'),
    smtpUrl: parseVariable(env, 'SMTP_URL'),
    host: parseVariable(env, 'HOST'),
    logLevel: parseVariable(env, 'LOG_LEVEL'),
    supplierLinkSecret: parseVariable(env, 'SUPPLIER_LINK_SECRET'),
    historyKey: parseVariable(env, 'HISTORY_KEY'),
    historyKeyFile: parseVariable(env, 'HISTORY_KEY_FILE'),
    trustProxy: parseVariable(env, 'TRUST_PROXY'),
  };
}

/** A URL safe to print: the password, if any, is masked. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = '***';
    return url.toString();
  } catch {
    return value;
  }
}
