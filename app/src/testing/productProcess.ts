import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** One product process as `npm start` runs it (app/src/main.ts), on a port of its own. */
export interface ProductProcess {
  /** Its connections' application_name in PostgreSQL (PGAPPNAME), to tell its sessions and locks apart. */
  name: string;
  /** http://127.0.0.1:PORT */
  base: string;
  child: ChildProcess;
  /** What it printed, for a failure's message. */
  output: string[];
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
  /** SIGTERM (a clean stop) and wait for the exit. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Start the product in a child process on `databaseUrl` and resolve once it listens. Two of these
 * on one database share its event log, read models and (through queuePrefixFor) its Redis queues.
 */
export async function startProductProcess(
  name: string,
  databaseUrl: string,
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ProductProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      // Not the default data/history.key of the checkout.
      HISTORY_KEY: 'product-process-history-key-0123456789abcdef',
      SMTP_URL: '',
      PGAPPNAME: name,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const product: ProductProcess = {
    name,
    base: `http://127.0.0.1:${port}`,
    child,
    output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const timeoutMs = options.timeoutMs ?? 180_000;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${output.join('')}`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('MedChest is running on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it started:\n${output.join('')}`));
    });
  });
  return product;
}

/** Sign in as the demo fleet manager; answers the session cookie. */
export async function demoLogin(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@medchest.example', password: 'medchest-demo' }),
  });
  if (response.status !== 200) throw new Error(`demo login answered ${response.status}`);
  return response.headers.get('set-cookie')!.split(';')[0];
}
