import { describe, expect, it } from "vitest";
import { GroupCommit, type Outcome } from "./group-commit.js";

/** A persist that finishes only when the test says so. */
function heldPersist() {
  const waiting: (() => void)[] = [];
  const failing: ((e: Error) => void)[] = [];
  return {
    persist: () =>
      new Promise<void>((resolve, reject) => {
        waiting.push(resolve);
        failing.push(reject);
      }),
    calls: () => waiting.length,
    /** finish the i-th persist (the last by default) */
    release: (i = waiting.length - 1) => waiting[i]?.(),
    fail: (e: Error) => failing.at(-1)?.(e),
  };
}

const turn = () => new Promise((r) => setImmediate(r));
const ok = (ops: number[]): Outcome<number>[] => ops.map((v) => ({ ok: true, value: v * 10 }));

/** A commit that records each batch it was given. */
function recording(batches: number[][]) {
  return (ops: number[]) => {
    batches.push(ops);
    return ok(ops);
  };
}

/** Record which promises settled, without awaiting them. */
function track<T>(p: Promise<T>) {
  const t = { settled: false, value: undefined as T | undefined, error: undefined as Error | undefined };
  p.then(
    (v) => Object.assign(t, { settled: true, value: v }),
    (e: Error) => Object.assign(t, { settled: true, error: e }),
  );
  return t;
}

describe("GroupCommit", () => {
  it("commits what arrives in one turn together and settles it only after the persist", async () => {
    const batches: number[][] = [];
    const disk = heldPersist();
    const g = new GroupCommit<number, number>({
      commit: recording(batches),
      persist: disk.persist,
    });
    const writes = [1, 2, 3].map((n) => track(g.write(n)));
    await turn();
    expect(batches).toEqual([[1, 2, 3]]);
    expect(disk.calls()).toBe(1);
    await turn();
    expect(writes.some((w) => w.settled)).toBe(false);
    disk.release();
    await turn();
    expect(writes.map((w) => w.value)).toEqual([10, 20, 30]);
  });

  it("holds writes that arrive while every persist slot is taken and commits them together after", async () => {
    const batches: number[][] = [];
    const disk = heldPersist();
    const g = new GroupCommit<number, number>({
      commit: recording(batches),
      persist: disk.persist,
      maxPersists: 1,
    });
    const first = track(g.write(1));
    await turn();
    const later = [2, 3].map((n) => track(g.write(n)));
    await turn();
    await turn();
    expect(batches).toEqual([[1]]);
    disk.release();
    await turn();
    expect(first.value).toBe(10);
    expect(batches).toEqual([[1], [2, 3]]);
    expect(later.some((w) => w.settled)).toBe(false);
    disk.release();
    await turn();
    expect(later.map((w) => w.value)).toEqual([20, 30]);
    await g.drained();
  });

  it("starts a second persist at once when allowed, and a later persist settles every batch before it", async () => {
    const batches: number[][] = [];
    const disk = heldPersist();
    const g = new GroupCommit<number, number>({
      commit: recording(batches),
      persist: disk.persist,
      maxPersists: 2,
    });
    const first = track(g.write(1));
    await turn();
    const second = track(g.write(2));
    await turn();
    const third = track(g.write(3));
    await turn();
    expect(batches).toEqual([[1], [2]]); // the third write waits for a free slot, uncommitted
    expect(disk.calls()).toBe(2);
    disk.release(1); // started after commits 1 and 2: both are on disk
    await turn();
    expect(batches).toEqual([[1], [2], [3]]);
    expect([first.value, second.value, third.settled]).toEqual([10, 20, false]);
    expect(disk.calls()).toBe(3);
    disk.release(0);
    await turn();
    expect(third.settled).toBe(false);
    disk.release(2);
    await turn();
    expect(third.value).toBe(30);
    await g.drained();
  });

  it("runs the maintenance every n commits, with commits held until it is done", async () => {
    const batches: number[][] = [];
    const log: string[] = [];
    let finish: () => void = () => {};
    const g = new GroupCommit<number, number>({
      commit: (ops) => {
        log.push(`commit ${ops}`);
        return recording(batches)(ops);
      },
      maintain: {
        every: 2,
        run: () => {
          log.push("maintain");
          return new Promise((resolve) => {
            finish = resolve;
          });
        },
      },
    });
    await g.write(1);
    await g.write(2);
    const third = track(g.write(3));
    await turn();
    expect(log).toEqual(["commit 1", "commit 2", "maintain"]);
    expect(third.settled).toBe(false);
    finish();
    await turn();
    expect(log.at(-1)).toBe("commit 3");
    expect(third.value).toBe(30);
  });

  it("starts the maintenance only once every commit before it is persisted", async () => {
    const log: string[] = [];
    const disk = heldPersist();
    let finish: () => void = () => {};
    const g = new GroupCommit<number, number>({
      commit: (ops) => {
        log.push(`commit ${ops}`);
        return ok(ops);
      },
      persist: () => {
        log.push("persist");
        return disk.persist();
      },
      maintain: {
        every: 1,
        run: () => {
          log.push("maintain");
          return new Promise((resolve) => {
            finish = resolve;
          });
        },
      },
    });
    const first = track(g.write(1));
    await turn();
    const second = track(g.write(2));
    await turn();
    await turn();
    expect(log).toEqual(["commit 1", "persist"]);
    disk.release(0);
    await turn();
    await turn();
    expect(first.value).toBe(10);
    expect(log).toEqual(["commit 1", "persist", "maintain"]);
    finish();
    await turn();
    await turn();
    expect(log).toEqual(["commit 1", "persist", "maintain", "commit 2", "persist"]);
    disk.release(1);
    await turn();
    expect(second.value).toBe(20);
    await g.drained();
  });

  it("rejects a failed write alone, and after a failed persist every later write", async () => {
    const disk = heldPersist();
    const g = new GroupCommit<number, number>({
      commit: (ops) => ops.map((v) => (v < 0 ? { ok: false, error: "negative" } : { ok: true, value: v })),
      persist: disk.persist,
    });
    const good = track(g.write(1));
    const bad = track(g.write(-1));
    await turn();
    disk.release();
    await turn();
    expect(good.value).toBe(1);
    expect(bad.error?.message).toBe("negative");
    const lost = track(g.write(2));
    await turn();
    disk.fail(new Error("EIO"));
    await turn();
    expect(lost.error?.message).toBe("EIO");
    await expect(g.write(3)).rejects.toThrow(/could not be synced, writes are refused: EIO/);
    expect(disk.calls()).toBe(2);
  });
});
