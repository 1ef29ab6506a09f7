import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Connections refused so far (see rejectFirst). */
  rejected: number;
  /** Start accepting on `port` (when created with listen: false). */
  listen(): Promise<void>;
  close(): Promise<void>;
}

/** A port nobody listens on right now (bind to 0, read the port, release it). */
export async function freePort(): Promise<number> {
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
 * A real SMTP server in the test process, keeping what it receives. `rejectFirst` refuses that
 * many connections (the server answers 421 and hangs up) before accepting; `listen: false` makes
 * it on a reserved port without listening yet, so a test can start it once the sender has failed.
 */
export async function startTestSmtpServer(options: { rejectFirst?: number; listen?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let toReject = options.rejectFirst ?? 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 100,
    onConnect(_session, callback) {
      if (toReject > 0) {
        toReject -= 1;
        handle.rejected += 1;
        const error = Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          subject: headerValue(raw, 'subject') ?? '',
          raw,
        });
        callback();
      });
    },
  });
  server.on('error', () => undefined);

  const port = await freePort();
  let listening = false;
  const handle: TestSmtpServer = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejected: 0,
    async listen() {
      await new Promise<void>((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      listening = true;
    },
    async close() {
      if (!listening) return;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  if (options.listen !== false) await handle.listen();
  return handle;
}

/** An unfolded header of a raw message (enough for the plain ASCII headers tests look at). */
function headerValue(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
