import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";
import { scratch } from "./validate-harness.js";

const bin = join(repoRoot, "packages/cli/dist/bin.js");
const trail = JSON.stringify(
  JSON.parse(readFileSync(join(repoRoot, "schemas/myrmo/examples/trail/minimal.json"), "utf8")),
);
const file = scratch("many.jsonl", `${`${trail}\n`.repeat(2500)}{}\n`);

/** keel under a pseudo-terminal (util-linux `script`): stdout and stderr both the terminal, captured together. */
function onTerminal(args: string[]) {
  const command = [process.execPath, bin, ...args].map((a) => `'${a}'`).join(" ");
  return spawnSync("script", ["-qec", command, "/dev/null"], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
}

describe.skipIf(spawnSync("script", ["--version"]).status !== 0)(
  "keel validate progress (issue 29 item 10)",
  () => {
    it("draws files, documents, findings so far and documents/s on a terminal, erased before the report", () => {
      const r = onTerminal(["validate", "myrmo", "--type", "trail", file]);
      // each line redrawn in place (carriage return, erase line), the last erased before the report
      const erase = "\r\u001b[K";
      const drawn = r.stdout.split(erase).slice(1);
      expect(drawn[0]).toMatch(
        /many\.jsonl: 1000 documents, 0 invalid, 0 findings so far \(\d+ documents\/s\)$/,
      );
      expect(drawn.at(-1)).toMatch(/^FAIL \S*many\.jsonl: 2501 documents, 1 invalid/);
    });

    it("draws nothing for a machine format on a terminal, nor into a pipe", () => {
      const json = onTerminal(["validate", "myrmo", "--type", "trail", "--format", "json", file]);
      expect(json.stdout).not.toContain("documents/s");
      const piped = spawnSync(process.execPath, [bin, "validate", "myrmo", "--type", "trail", file], {
        encoding: "utf8",
      });
      expect(`${piped.stdout}${piped.stderr}`).not.toContain("documents/s");
    });
  },
);
