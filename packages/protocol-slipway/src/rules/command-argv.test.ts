import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkCliError, checkRunStatus } from "./index.js";

const example = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../../schemas/slipway/examples/${path}`, import.meta.url), "utf8"));

describe("slipway/command-argv-prefix", () => {
  it("accepts read-only slipway commands", () => {
    expect(checkCliError(example("cli_error/journal-record-too-large.json"))).toEqual({
      valid: true,
      findings: [],
    });
  });

  it("reports another program or a run/protocol subcommand, also in nested next objects", () => {
    const error = example("cli_error/journal-record-too-large.json");
    error.next.variants[0].base_argv.splice(0, 2, "git", "protocol");
    expect(checkCliError(error).findings.map((f) => [f.code, f.pointer, f.message])).toMatchInlineSnapshot(`
      [
        [
          "slipway/command-argv-prefix",
          "/next/variants/0/base_argv/0",
          "expected a command variant's argv to start with "slipway", found "git"",
        ],
        [
          "slipway/command-argv-prefix",
          "/next/variants/0/base_argv/1",
          "expected a command variant to name a subcommand other than run or protocol, found "protocol"",
        ],
      ]
    `);
    const list = example("status_list/repository.json");
    const run = example("run_status/foreign-worktree-stub.json");
    run.next.variants[0].base_argv[1] = "run";
    expect(checkRunStatus(run).findings.map((f) => f.pointer)).toMatchInlineSnapshot(`
      [
        "/next/variants/0/base_argv/1",
      ]
    `);
    expect(list.runs[1].next.operation).toBe("command");
  });
});
