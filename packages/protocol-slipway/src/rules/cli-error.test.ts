import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkCliError } from "./index.js";

const example = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../../schemas/slipway/examples/${path}`, import.meta.url), "utf8"));

describe("structured error rules", () => {
  it("accept the reference-shaped errors", () => {
    expect(checkCliError(example("cli_error/mutation-committed-output-failed.json")).valid).toBe(true);
    expect(checkCliError(example("cli_error/journal-record-too-large.json")).valid).toBe(true);
  });

  it("slipway/error-details: a refused record within its limit, a committed failure that did not commit", () => {
    const tooLarge = example("cli_error/journal-record-too-large.json");
    tooLarge.details.size = 10;
    const committed = example("cli_error/mutation-committed-output-failed.json");
    committed.details.committed = false;
    const noDetails = example("cli_error/journal-record-too-large.json");
    delete noDetails.details;
    expect(
      [tooLarge, committed, noDetails].flatMap((e) =>
        checkCliError(e).findings.map((f) => [f.code, f.pointer, f.message]),
      ),
    ).toMatchInlineSnapshot(`
      [
        [
          "slipway/error-details",
          "/details/size",
          "expected a refused record larger than its limit 1048576, found size 10",
        ],
        [
          "slipway/error-details",
          "/details/committed",
          "expected mutation_committed_output_failed to report committed: true, found false",
        ],
        [
          "slipway/error-details",
          "/details",
          "expected journal_record_too_large to carry details {context, size, limit}, found none",
        ],
      ]
    `);
  });

  it("slipway/error-recovery: a committed failure must offer slipway status, not a replay", () => {
    const committed = example("cli_error/mutation-committed-output-failed.json");
    committed.next.variants[0].base_argv[1] = "doctor";
    expect(
      checkCliError(committed).findings.map((f) => [f.code, f.pointer, f.message]),
    ).toMatchInlineSnapshot(`
      [
        [
          "slipway/error-recovery",
          "/next",
          "expected a command recovery offering slipway status, found operation "command" without a status variant",
        ],
      ]
    `);
  });
});
