import { describe, expect, it } from "vitest";
import { SlipwayError } from "./errors.js";
import { decodeOutcome } from "./outcome.js";

const orient = {
  contract_version: 2,
  action_id: "de8d61bb-282a-45ee-a929-3c5cc63c1264",
  action_kind: "orient",
  status: "completed",
  summary: "Repository facts observed.",
  observations: [],
  known_issues: [],
  suggested_actions: [{ kind: "implement", brief: "Append the line." }],
  pause: null,
  implementation: null,
  review: null,
};
const bytes = (v: unknown) => new TextEncoder().encode(typeof v === "string" ? v : JSON.stringify(v));

function failure(v: unknown): { code: string; exit: number; message: string } {
  try {
    decodeOutcome(bytes(v));
  } catch (e) {
    if (e instanceof SlipwayError) return { code: e.code, exit: e.exitCode, message: e.message };
    throw e;
  }
  throw new Error("decoded");
}

describe("decodeOutcome", () => {
  it("accepts a legal outcome", () => {
    expect(decodeOutcome(bytes(orient)).summary).toBe("Repository facts observed.");
  });

  it("words unknown and missing fields as the real CLI does, with the JSON path", () => {
    expect(failure({ ...orient, extra: 1 })).toEqual({
      code: "invalid_outcome",
      exit: 2,
      message: 'decode outcome: decode json: unknown field "extra" at $',
    });
    const { known_issues: _, ...missing } = orient;
    expect(failure(missing).message).toBe('decode outcome: required field "known_issues" is missing at $');
    const nested = { ...orient, suggested_actions: [{ kind: "implement", brief: "x", why: "y" }] };
    expect(failure(nested).message).toBe(
      'decode outcome: decode json: unknown field "why" at $.suggested_actions[0]',
    );
  });

  it("a missing or other contract_version is contract_version_mismatch, exit 3", () => {
    const { contract_version: _, ...unversioned } = orient;
    expect(failure(unversioned)).toMatchObject({ code: "contract_version_mismatch", exit: 3 });
    expect(failure({ ...orient, contract_version: 3 })).toMatchObject({
      code: "contract_version_mismatch",
      exit: 3,
    });
  });

  it("refuses what is not one JSON object of valid UTF-8 without a BOM", () => {
    expect(failure("{").code).toBe("invalid_outcome");
    expect(failure("[]").message).toBe("decode outcome: decode json: expected a JSON object at $");
    expect(failure(`\uFEFF${JSON.stringify(orient)}`).exit).toBe(2);
    expect(() => decodeOutcome(new Uint8Array([0x7b, 0xff, 0x7d]))).toThrow(/not valid UTF-8/);
    expect(failure(" ".repeat(1024 * 1024 + 1)).message).toMatch(/over the 1048576-byte limit/);
  });

  it("refuses illegal status/branch combinations (the reference's table)", () => {
    expect(failure({ ...orient, status: "needs_input" }).message).toMatch(/requires a pause/);
    expect(failure({ ...orient, action_kind: "summarize" }).message).toMatch(/suggests no action/);
    expect(
      failure({ ...orient, action_kind: "clarify", status: "partial", suggested_actions: [] }).message,
    ).toMatch(/no partial/);
    const implement = {
      ...orient,
      action_kind: "implement",
      suggested_actions: [],
      implementation: { result: "unable", files_changed: [], activities: [], uncertainties: [], attempts: 1 },
    };
    expect(decodeOutcome(bytes({ ...implement, status: "error" })).status).toBe("error");
    expect(failure(implement).message).toMatch(/requires implementation.result applied or not_needed/);
    expect(
      failure({ ...orient, review: { result: "error", findings: [], uncertainties: [] } }).message,
    ).toMatch(/review null/);
  });

  it("refuses what only the schema's own keywords refuse: a scope_sha256 with a line end after it", () => {
    const destructive = {
      ...orient,
      action_kind: "implement",
      status: "needs_input",
      suggested_actions: [],
      pause: {
        reason: "destructive_confirmation_required",
        question: "May I delete the legacy fixtures?",
        destructive_request: {
          request_id: "3d6f1c2a-8b47-4e0d-9a65-1f2e7c4b8d90",
          targets: [{ kind: "path", value: "testdata/legacy/" }],
          impact: "Deletes the legacy fixtures.",
          scope_sha256: `sha256:${"d9".repeat(32)}`,
        },
      },
    };
    expect(decodeOutcome(bytes(destructive)).status).toBe("needs_input");
    const spoilt = structuredClone(destructive);
    spoilt.pause.destructive_request.scope_sha256 += "\n";
    expect(failure(spoilt)).toMatchObject({ code: "invalid_outcome", exit: 2 });
    expect(failure(spoilt).message).toMatch(/scope_sha256/);
  });
});
