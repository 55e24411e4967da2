import { fstatSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Fdatasync } from "./disk-sync.js";
import { commitsPerCheckpoint, SqliteStore } from "./sqlite-store.js";

const dir = mkdtempSync(join(tmpdir(), "keel-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real fdatasync that the test releases by hand; records which file (by inode) each call synced. */
function heldDatasync() {
  const calls: { ino: number; release: () => void }[] = [];
  const datasync: Fdatasync = (fd, done) => calls.push({ ino: fstatSync(fd).ino, release: () => done(null) });
  return { datasync, calls };
}

const turn = () => new Promise((r) => setImmediate(r));
const trail = (i: number) => ({
  id: `t${i}`,
  fingerprint: "fp1-x",
  body: JSON.stringify({ i }),
  createdAt: "2026-01-01T00:00:00Z",
});

describe("SqliteStore (a file)", () => {
  it("answers a write only after the WAL it was committed to is synced", async () => {
    const file = join(dir, "full.sqlite");
    const disk = heldDatasync();
    const store = new SqliteStore(file, "full", { datasync: disk.datasync });
    let answered = false;
    const added = store.addTrail(trail(1)).then(() => (answered = true));
    await turn();
    expect(store.getTrail("t1")?.id).toBe("t1"); // committed, visible to reads
    expect(disk.calls.map((c) => c.ino)).toEqual([statSync(`${file}-wal`).ino]);
    await turn();
    expect(answered).toBe(false);
    disk.calls[0]?.release();
    await added;
    await store.close();
  });

  it("answers a write committed during a sync only after a sync that started after its commit", async () => {
    const file = join(dir, "overlap.sqlite");
    const disk = heldDatasync();
    const store = new SqliteStore(file, "full", { datasync: disk.datasync });
    const answered: string[] = [];
    const first = store.addTrail(trail(1)).then(() => answered.push("t1"));
    await turn();
    const second = store.addTrail(trail(2)).then(() => answered.push("t2"));
    await turn();
    expect(store.getTrail("t2")?.id).toBe("t2"); // committed while the first sync runs
    expect(disk.calls).toHaveLength(2); // and its own sync started at once
    disk.calls[0]?.release(); // the first sync may have missed t2's frames
    await first;
    await turn();
    expect(answered).toEqual(["t1"]);
    disk.calls[1]?.release();
    await second;
    expect(answered).toEqual(["t1", "t2"]);
    await store.close();
  });

  it("checkpoints every n commits: WAL synced, then the database file synced before the next commit", async () => {
    const file = join(dir, "checkpoint.sqlite");
    const disk = heldDatasync();
    const store = new SqliteStore(file, "normal", { datasync: disk.datasync });
    for (let i = 0; i < commitsPerCheckpoint; i++) await store.addTrail(trail(i));
    expect(disk.calls).toEqual([]); // normal: committed is answered, nothing synced
    const wal = statSync(`${file}-wal`).ino;
    const db = statSync(file).ino;
    let answered = false;
    const next = store.addTrail(trail(-1)).then(() => (answered = true));
    await turn();
    expect(disk.calls.map((c) => c.ino)).toEqual([wal]);
    disk.calls[0]?.release();
    await turn();
    expect(disk.calls.map((c) => c.ino)).toEqual([wal, db]);
    expect(store.getTrail("t-1")).toBeUndefined(); // held until the copy is on disk
    expect(answered).toBe(false);
    disk.calls[1]?.release();
    await next;
    expect(store.getTrail("t-1")?.id).toBe("t-1");
    await store.close();
    const reopened = new SqliteStore(file, "normal");
    expect(reopened.getTrail(`t${commitsPerCheckpoint - 1}`)?.id).toBe(`t${commitsPerCheckpoint - 1}`);
    await reopened.close();
  });

  it("refuses every write after a failed sync", async () => {
    const failing: Fdatasync = (_fd, done) =>
      done(Object.assign(new Error("EIO: i/o error"), { code: "EIO" }));
    const store = new SqliteStore(join(dir, "eio.sqlite"), "full", { datasync: failing });
    await expect(store.addTrail(trail(1))).rejects.toThrow(/EIO/);
    await expect(store.addTrail(trail(2))).rejects.toThrow(/writes are refused/);
    await store.close();
  });
});
