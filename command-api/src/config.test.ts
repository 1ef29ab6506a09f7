import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from './config';

describe('configuration from the environment', () => {
  it('has defaults that work on a developer machine', () => {
    expect(loadConfig({})).toEqual({
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/medchest',
      redisUrl: 'redis://127.0.0.1:6379',
      port: 5000,
      eventStoreUrl: undefined,
      smtpUrl: undefined,
      host: '0.0.0.0',
      logLevel: 'warn',
      historyKey: undefined,
      historyKeyFile: 'data/history.key',
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://app:pw@db:5432/medchest_prod',
        REDIS_URL: 'rediss://cache:6380',
        PORT: '8080',
        EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
        SMTP_URL: 'smtp://mailpit:1025',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        HISTORY_KEY: 'k'.repeat(40),
        HISTORY_KEY_FILE: '/var/lib/medchest/history.key',
        TRUST_PROXY: '10.0.0.1',
      }),
    ).toEqual({
      databaseUrl: 'postgres://app:pw@db:5432/medchest_prod',
      redisUrl: 'rediss://cache:6380',
      port: 8080,
      eventStoreUrl: 'esdb://eventstore:2113?tls=false',
      smtpUrl: 'smtp://mailpit:1025',
      host: '127.0.0.1',
      logLevel: 'info',
      historyKey: 'k'.repeat(40),
      historyKeyFile: '/var/lib/medchest/history.key',
      trustProxy: ['10.0.0.1'],
    });
  });

  it('never prints the history key, even when it is refused', () => {
    expect(() => loadConfig({ HISTORY_KEY: 'short-secret' })).toThrow(
      new ConfigError('Invalid HISTORY_KEY (not shown): expected a secret of at least 32 characters, or leave it unset to use HISTORY_KEY_FILE'),
    );
  });

  it('treats a blank variable as unset', () => {
    expect(loadConfig({ PORT: '', EVENTSTORE_URL: '  ' })).toMatchObject({ port: 5000, eventStoreUrl: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid PORT "abc": expected an integer 1-65535'],
    [{ PORT: '70000' }, 'Invalid PORT "70000": expected an integer 1-65535'],
    [{ PORT: '0' }, 'Invalid PORT "0": expected an integer 1-65535'],
    [{ DATABASE_URL: 'mysql://localhost/medchest' }, 'Invalid DATABASE_URL "mysql://localhost/medchest": expected a postgresql:// URL'],
    [{ DATABASE_URL: 'postgresql://localhost' }, 'Invalid DATABASE_URL "postgresql://localhost": expected a postgresql:// URL naming a database'],
    [{ REDIS_URL: 'localhost:6379' }, 'Invalid REDIS_URL "localhost:6379": expected a redis:// URL'],
    [{ EVENTSTORE_URL: 'http://eventstore:2113' }, 'Invalid EVENTSTORE_URL "http://eventstore:2113": expected an esdb:// or kurrentdb://'],
    [{ SMTP_URL: 'mail.example:25' }, 'Invalid SMTP_URL "mail.example:25": expected an smtp:// or smtps:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid LOG_LEVEL "loud": expected one of fatal, error, warn, info, debug, trace, silent'],
    [{ TRUST_PROXY: 'yes' }, 'Invalid TRUST_PROXY "yes": expected 0 (off), the number of proxies in front'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.local' }, 'Invalid TRUST_PROXY "10.0.0.1,proxy.local": expected 0 (off)'],
  ])('stops on %j with one line naming the variable', (env, start) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.startsWith(start)).toBe(true);
    expect((error as Error).message).not.toContain('\n');
  });

  it('never prints a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://app:secret@db/x' })).toThrow(/mysql:\/\/app:\*\*\*@db\/x/);
    expect(redactUrl('postgresql://app:secret@db/medchest')).toBe('postgresql://app:***@db/medchest');
  });

  it('TRUST_PROXY: off by default; a number trusts that many proxies nearest the server; addresses trust those peers', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    const oneHop = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('198.51.100.7', 1)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
  });
});
