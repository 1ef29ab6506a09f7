/** What the workers log through; `console` fits, tests pass a quiet one. */
export interface Logger {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

export const consoleLogger: Logger = {
  info: (message, ...details) => console.info(`[workers] ${message}`, ...details),
  warn: (message, ...details) => console.warn(`[workers] ${message}`, ...details),
  error: (message, ...details) => console.error(`[workers] ${message}`, ...details),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
