import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key that signs stream heads (history checkpoints). It must live outside the database: whoever
 * can rewrite the events table and recompute its hash chain must not also be able to re-sign it.
 * HISTORY_KEY gives it; otherwise it is read from a file beside the data (HISTORY_KEY_FILE), which
 * is generated on first use, readable by its owner only.
 */
export const MIN_HISTORY_KEY_LENGTH = 32;

export function loadHistoryKey(options: { key?: string; file: string }): Buffer {
  if (options.key !== undefined) return Buffer.from(options.key, 'utf8');
  try {
    const text = readFileSync(options.file, 'utf8').trim();
    if (text.length >= MIN_HISTORY_KEY_LENGTH) return Buffer.from(text, 'utf8');
    throw new Error(`The history key file ${options.file} holds fewer than ${MIN_HISTORY_KEY_LENGTH} characters`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(options.file), { recursive: true });
  const key = randomBytes(32).toString('hex');
  // 'wx': two processes starting together must not each write a key of their own.
  try {
    writeFileSync(options.file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadHistoryKey(options);
    throw error;
  }
  return Buffer.from(key, 'utf8');
}
