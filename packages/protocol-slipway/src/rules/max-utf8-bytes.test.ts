import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  checkAction,
  checkOutcome,
  checkPinnedMaterial,
  checkProtocolState,
  checkRunStatus,
  checkSourceManifest,
} from "./index.js";

const example = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../../schemas/slipway/examples/${path}`, import.meta.url), "utf8"));

// Two bytes per code point: under the schema's code-point maxLength, over the byte limit.
const twoByte = (codePoints: number) => "é".repeat(codePoints);

describe("slipway/max-utf8-bytes", () => {
  it("accepts a string exactly at the byte limit", () => {
    const action = example("action/tutorial-orient-minimal.json");
    action.brief = twoByte(4096);
    expect(checkAction(action)).toEqual({ valid: true, findings: [] });
  });

  it("reports a brief over 8192 bytes that the schema's maxLength lets through", () => {
    const action = example("action/tutorial-orient-minimal.json");
    action.brief = twoByte(4097);
    expect(checkAction(action).findings.map((f) => [f.code, f.pointer, f.message])).toMatchInlineSnapshot(`
      [
        [
          "slipway/max-utf8-bytes",
          "/brief",
          "expected at most 8192 utf-8 bytes, found 8194 (4097 code points)",
        ],
      ]
    `);
  });

  it("follows $ref, oneOf branches and arrays to every limited string", () => {
    const outcome = example("outcome/tutorial-orient.json");
    outcome.suggested_actions[0].brief = twoByte(4097);
    const material = example("pinned_material/constraints-after-end.json");
    material.section.markdown = twoByte(131073);
    const state = example("protocol_state/issue-backed-start.json");
    state.pinned_source.sections[0].title = twoByte(257);
    const manifest = example("source_manifest/initial.json");
    manifest.sections[1].title = twoByte(257);
    const status = example("run_status/issue-backed-paused.json");
    status.actions[2].action.context = twoByte(65537);
    expect(
      [
        checkOutcome(outcome),
        checkPinnedMaterial(material),
        checkProtocolState(state),
        checkSourceManifest(manifest),
        checkRunStatus(status),
      ].map((r) => r.findings.map((f) => f.pointer)),
    ).toMatchInlineSnapshot(`
      [
        [
          "/suggested_actions/0/brief",
        ],
        [
          "/section/markdown",
        ],
        [
          "/pinned_source/sections/0/title",
        ],
        [
          "/sections/1/title",
        ],
        [
          "/actions/2/action/context",
        ],
      ]
    `);
  });
});
