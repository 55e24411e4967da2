import { describe, expect, it } from "vitest";
import { matchNotifications } from "./notifications.js";

const ev = (kind: string, rid = 3) => ({ method: "event", params: { request_id: rid, kind } });

describe("matchNotifications", () => {
  const rules = {
    set: [
      { params: { kind: "turn", request_id: { $capture: "rid" } } },
      { params: { kind: "started" } },
      { params: { kind: "finished", request_id: { $capture: "rid" } } },
    ],
    first: { params: { kind: "started" } },
    last: { params: { kind: "finished" } },
  };
  it("matches the set in any order and checks first / last separately", () => {
    expect(
      matchNotifications(rules, [ev("started"), ev("turn"), ev("finished")], {
        captures: new Map(),
        strict: false,
      }),
    ).toEqual([]);
    expect(
      matchNotifications(rules, [ev("turn"), ev("started"), ev("finished")], {
        captures: new Map(),
        strict: false,
      }),
    ).toEqual([{ pointer: "/notifications/first/params/kind", expected: '"started"', actual: '"turn"' }]);
  });
  it("reports a missing member, a count mismatch and a broken capture", () => {
    const got = matchNotifications(rules, [ev("started"), ev("turn", 3), ev("finished", 4), ev("log")], {
      captures: new Map(),
      strict: false,
    });
    expect(got).toEqual([
      { pointer: "/notifications", expected: "3 notifications", actual: "4" },
      {
        pointer: "/notifications/set/2",
        expected: expect.stringContaining("finished"),
        actual: "no matching notification",
      },
      { pointer: "/notifications/last/params/kind", expected: '"finished"', actual: '"log"' },
    ]);
  });
});
