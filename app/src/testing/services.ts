import type { StartedTestContainer } from 'testcontainers';

/**
 * The services the integration and contract suites run against, chosen once per test run.
 *
 * - Where a container engine answers (a developer laptop with Docker or Podman), PostgreSQL, Redis
 *   and KurrentDB (EventStoreDB) are started with testcontainers, so the EventStoreDB adapter runs
 *   its contract suite there too, with nothing installed but Docker.
 * - Where none answers (these machines, CI), the local services named by DATABASE_URL / REDIS_URL
 *   (their defaults otherwise) are used, and EVENTSTORE_URL when it names a server.
 * - MEDCHEST_TEST_SERVICES=local forces the local services even with an engine present; =containers
 *   requires the engine (and fails clearly without one).
 */

export type ServiceSource = 'containers' | 'local';

/** Images matching docker-compose.yml, so the tests see what production runs. */
export const TEST_IMAGES = {
  postgres: 'postgres:15',
  redis: 'redis:7',
  kurrentdb: 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1',
} as const;

let engine: Promise<boolean> | undefined;

/** Whether a container engine answers. Asked once per process: the answer does not change mid-run. */
export function containerEngineAnswers(): Promise<boolean> {
  engine ??= import('testcontainers')
    .then(({ getContainerRuntimeClient }) => getContainerRuntimeClient())
    .then(
      () => true,
      () => false,
    );
  return engine;
}

/** Which services this run uses, from MEDCHEST_TEST_SERVICES and what the machine has. */
export async function chooseServiceSource(env: NodeJS.ProcessEnv = process.env): Promise<ServiceSource> {
  const wanted = env.MEDCHEST_TEST_SERVICES;
  if (wanted === 'local') return 'local';
  const answers = await containerEngineAnswers();
  if (wanted === 'containers' && !answers) {
    throw new Error('MEDCHEST_TEST_SERVICES=containers, but no container engine (Docker, Podman) answers.');
  }
  return answers ? 'containers' : 'local';
}

export interface TestServices {
  source: ServiceSource;
  /** The variables the suites read, to be set on the test processes. */
  env: { DATABASE_URL: string; REDIS_URL: string; EVENTSTORE_URL?: string };
  stop(): Promise<void>;
}

/** Starts the three containers side by side (they take tens of seconds each on first pull). */
async function startContainers(): Promise<TestServices> {
  const [{ PostgreSqlContainer }, { RedisContainer }, { KurrentDbContainer }] = await Promise.all([
    import('@testcontainers/postgresql'),
    import('@testcontainers/redis'),
    import('@testcontainers/kurrentdb'),
  ]);
  const [postgres, redis, kurrent] = await Promise.all([
    new PostgreSqlContainer(TEST_IMAGES.postgres).withDatabase('medchest').withUsername('postgres').withPassword('postgres').start(),
    new RedisContainer(TEST_IMAGES.redis).start(),
    new KurrentDbContainer(TEST_IMAGES.kurrentdb).start(),
  ]);
  const started: StartedTestContainer[] = [postgres, redis, kurrent];
  return {
    source: 'containers',
    env: {
      DATABASE_URL: postgres.getConnectionUri(),
      REDIS_URL: redis.getConnectionUrl(),
      // Our adapter speaks the esdb:// scheme of @eventstore/db-client; the module names it kurrentdb://.
      EVENTSTORE_URL: `esdb://${kurrent.getHost()}:${kurrent.getFirstMappedPort()}?tls=false`,
    },
    stop: async () => {
      await Promise.all(started.map((container) => container.stop()));
    },
  };
}

function localServices(env: NodeJS.ProcessEnv): TestServices {
  return {
    source: 'local',
    env: {
      DATABASE_URL: env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/medchest',
      REDIS_URL: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      ...(env.EVENTSTORE_URL ? { EVENTSTORE_URL: env.EVENTSTORE_URL } : {}),
    },
    stop: async () => {},
  };
}

export async function startTestServices(env: NodeJS.ProcessEnv = process.env): Promise<TestServices> {
  return (await chooseServiceSource(env)) === 'containers' ? startContainers() : localServices(env);
}

/** The one line a run prints about what it used (never a password: URLs are shown without it). */
export function describeServices(services: TestServices): string {
  const shown = (url: string) => {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  };
  const { DATABASE_URL, REDIS_URL, EVENTSTORE_URL } = services.env;
  const eventStore = EVENTSTORE_URL ? `EventStoreDB ${shown(EVENTSTORE_URL)}` : 'no EventStoreDB (its contract run is left out; set EVENTSTORE_URL)';
  const where = services.source === 'containers' ? 'containers started with testcontainers' : 'local services';
  return `Tests use ${where}: PostgreSQL ${shown(DATABASE_URL)}, Redis ${shown(REDIS_URL)}, ${eventStore}.`;
}
