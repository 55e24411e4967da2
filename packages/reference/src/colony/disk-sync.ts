import { closeSync, fdatasync, fsyncSync, openSync } from "node:fs";
import { dirname } from "node:path";

export type Fdatasync = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

/**
 * Flushes the database's files to disk on libuv's thread pool, so the event loop keeps parsing and
 * validating while the disk syncs. fdatasync(2) works on the file, not the descriptor: it makes durable
 * every write SQLite made to that file before the call, whichever descriptor SQLite wrote through. The WAL
 * is `<file>-wal` (SQLite keeps it, one inode, while the database is open: it is reused from its start
 * after a checkpoint, never replaced). On the first sync the directory is synced once too, so the entries
 * of a database and WAL created by this process survive a crash.
 */
export class DiskSync {
  private readonly fds = new Map<string, number>();

  constructor(
    private readonly file: string,
    private readonly datasync: Fdatasync = fdatasync,
  ) {}

  /** Resolves once everything written to the WAL before this call is on disk. */
  wal(): Promise<void> {
    return this.sync(`${this.file}-wal`);
  }

  /** Resolves once everything written to the database file before this call is on disk. */
  db(): Promise<void> {
    return this.sync(this.file);
  }

  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }

  private sync(path: string): Promise<void> {
    const fd = this.fds.get(path) ?? this.open(path);
    return new Promise((resolve, reject) =>
      this.datasync(fd, (error) => (error ? reject(error) : resolve())),
    );
  }

  private open(path: string): number {
    if (this.fds.size === 0) {
      const dir = openSync(dirname(this.file), "r");
      try {
        fsyncSync(dir);
      } finally {
        closeSync(dir);
      }
    }
    const fd = openSync(path, "r");
    this.fds.set(path, fd);
    return fd;
  }
}
