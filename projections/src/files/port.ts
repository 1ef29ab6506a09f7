import type { Readable } from 'node:stream';

/**
 * Where files (certificate PDFs) live: content-addressed by SHA-256, so the same bytes stored twice
 * are one file, and the event log names a file by its hash, never by its bytes. Written and read as
 * streams: no implementation may hold a whole file in memory.
 */
export interface FileStore {
  /** Create what the store needs (idempotent; safe when several processes start at once). */
  init(): Promise<void>;
  /**
   * Store a stream. `inspect` sees the first bytes (at least `headBytes`, or all of a shorter
   * file) before anything is kept and may throw to refuse the file; more than `maxBytes` throws
   * FileTooLargeError. A refused or failed write leaves nothing behind.
   */
  put(content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: PutOptions): Promise<StoredFile>;
  /** The file's size and a stream of its bytes, or undefined when the store has no such file. */
  open(sha256: string): Promise<{ sizeBytes: number; stream: Readable } | undefined>;
  has(sha256: string): Promise<boolean>;
  /** Mark a file as kept for good (a certificate records it): the cleanup never removes it. */
  keep(sha256: string): Promise<void>;
  /** Remove files never kept and not uploaded again since `before`; answers how many. */
  removeUnkeptBefore(before: Date): Promise<number>;
}

export interface PutOptions {
  /** A file of this many bytes or more is refused. */
  maxBytes: number;
  headBytes?: number;
  inspect?(head: Uint8Array): void;
  /** Stored as kept right away (the demo seed's files). */
  keep?: boolean;
  /** The moment of the upload (the one clock). */
  now: Date;
}

export interface StoredFile {
  sha256: string;
  sizeBytes: number;
  /** False when the same bytes were already stored. */
  created: boolean;
}

export class FileTooLargeError extends Error {
  constructor(public readonly maxBytes: number) {
    super(`The file is ${maxBytes} bytes or more`);
    this.name = 'FileTooLargeError';
  }
}
