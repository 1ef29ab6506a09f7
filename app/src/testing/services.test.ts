import { describe, expect, it } from 'vitest';
import { chooseServiceSource, containerEngineAnswers, describeServices, startTestServices } from './services';

describe('the services a test run uses', () => {
  it('uses the local services when told to, with the defaults of a developer machine', async () => {
    const services = await startTestServices({ MEDCHEST_TEST_SERVICES: 'local' });
    expect(services.source).toBe('local');
    expect(services.env).toEqual({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/medchest', REDIS_URL: 'redis://127.0.0.1:6379' });
  });

  it('keeps the URLs it is given, EVENTSTORE_URL included', async () => {
    const env = { MEDCHEST_TEST_SERVICES: 'local', DATABASE_URL: 'postgresql://u@db:5433/x', REDIS_URL: 'redis://r:6380', EVENTSTORE_URL: 'esdb://es:2113?tls=false' };
    expect((await startTestServices(env)).env).toEqual({ DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL, EVENTSTORE_URL: env.EVENTSTORE_URL });
  });

  it('starts containers exactly when an engine answers, and refuses clearly when they are required without one', async () => {
    const answers = await containerEngineAnswers();
    expect(await chooseServiceSource({})).toBe(answers ? 'containers' : 'local');
    if (answers) expect(await chooseServiceSource({ MEDCHEST_TEST_SERVICES: 'containers' })).toBe('containers');
    else await expect(chooseServiceSource({ MEDCHEST_TEST_SERVICES: 'containers' })).rejects.toThrow(/no container engine/);
  });

  it('says once which it used, without passwords', () => {
    const line = describeServices({
      source: 'containers',
      env: { DATABASE_URL: 'postgresql://postgres:secret@localhost:32768/medchest', REDIS_URL: 'redis://localhost:32769', EVENTSTORE_URL: 'esdb://localhost:32770?tls=false' },
      stop: async () => {},
    });
    expect(line).toContain('containers started with testcontainers');
    expect(line).toContain('EventStoreDB esdb://localhost:32770');
    expect(line).not.toContain('secret');
    expect(describeServices({ source: 'local', env: { DATABASE_URL: 'postgresql://a@h/d', REDIS_URL: 'redis://h:1' }, stop: async () => {} })).toContain(
      'no EventStoreDB',
    );
  });
});
