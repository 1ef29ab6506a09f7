// Checks, before anything starts, that PostgreSQL and Redis answer where the configuration says,
// and says in one line what is missing and how to start it when they do not.
import { connect } from 'node:net';

function reachable(host, port, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function hostPort(url, defaultPort) {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || defaultPort) };
}

export async function checkServices(env = process.env) {
  const databaseUrl = env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/medchest';
  const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const problems = [];
  for (const [name, variable, url, port, hint] of [
    ['PostgreSQL', 'DATABASE_URL', databaseUrl, 5432, 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start'],
    ['Redis', 'REDIS_URL', redisUrl, 6379, 'redis-server --daemonize yes --port 6379'],
  ]) {
    let target;
    try {
      target = hostPort(url, port);
    } catch {
      problems.push(`${variable} is not a valid URL: "${url}"`);
      continue;
    }
    if (!(await reachable(target.host, target.port))) {
      problems.push(`${name} is not reachable at ${target.host}:${target.port} (${variable}). Start it, e.g.: ${hint}`);
    }
  }
  return problems;
}
