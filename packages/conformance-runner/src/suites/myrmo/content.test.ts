import { describe, expect, it } from "vitest";
import { carriesTrail, firstDifference } from "./content.js";

const trail = { protocol_version: "1.0", problem: { summary: "s", raw_logs: "token=abc" }, tags: ["a", "b"] };

describe("carriesTrail", () => {
  it("finds the trail at the top level or under one property, beside the colony's own fields", () => {
    expect(carriesTrail(trail, { status: "queued", ...trail })).toBe(true);
    expect(carriesTrail(trail, { status: "queued", trail_id: "x", trail })).toBe(true);
    expect(carriesTrail(trail, { status: "queued", content: { ...trail, extra: 1 } })).toBe(true);
  });

  it("counts a string the colony reports as redacted", () => {
    const redacted = { ...trail, problem: { summary: "s", raw_logs: "token=[REDACTED]" } };
    expect(carriesTrail(trail, { status: "queued", trail: redacted })).toBe(true);
  });

  it("refuses a missing member, a changed value or a shorter array", () => {
    const { tags: _, ...noTags } = trail;
    expect(carriesTrail(trail, { status: "queued", trail: noTags })).toBe(false);
    expect(carriesTrail(trail, { status: "queued", trail: { ...trail, tags: ["a"] } })).toBe(false);
    expect(carriesTrail(trail, { status: "queued", trail: { ...trail, protocol_version: "1.1" } })).toBe(
      false,
    );
    expect(firstDifference(trail, { status: "queued", trail: noTags })).toBe("/tags");
  });

  it("reads a -0 sent (a dialect fixture) as the 0 that JSON carries back", () => {
    const sent = { ...trail, effort: { tokens_spent: -0 } };
    expect(carriesTrail(sent, { status: "queued", trail: { ...trail, effort: { tokens_spent: 0 } } })).toBe(
      true,
    );
  });
});
