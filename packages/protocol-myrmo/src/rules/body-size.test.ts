import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as rules from "./body-size.js";
import { checkTrail } from "./index.js";

const trail = () =>
  JSON.parse(
    readFileSync(new URL("../../../../schemas/myrmo/examples/trail/rich.json", import.meta.url), "utf8"),
  );

describe("myrmo/body-too-large", () => {
  it("accepts a rich trail", () => {
    expect(checkTrail(trail()).valid).toBe(true);
  });

  it("reports a schema-valid trail whose body exceeds the colony's 64 kb", () => {
    const big = trail();
    big.problem.raw_logs = "x".repeat(16000);
    const patch = big.solution.code_patches[0];
    big.solution.code_patches = Array.from({ length: 3 }, () => ({
      ...patch,
      // a long last line keeps the hunk counts (and the diff a unified diff)
      diff: `${patch.diff.slice(0, -1)}${" ".repeat(18000)}\n`,
    }));
    const result = checkTrail(big);
    expect(
      result.findings.map((f) => [f.code, f.pointer, f.message.replace(/found \d+/, "found N")]),
    ).toMatchInlineSnapshot(`
        [
          [
            "myrmo/body-too-large",
            "",
            "expected a body of at most 65536 bytes (a colony answers 413 too_large), found N bytes even as compact json",
          ],
        ]
      `);
  });

  it("counts UTF-8 bytes, not characters: under 64 Ki characters can still be too large", () => {
    const { bodySize } = rules;
    const sized = (chars: number, ch: string) => ({ note: ch.repeat(chars) });
    // {"note":"…"} adds 11 bytes
    expect(bodySize(sized(65536 - 11, "x"))).toEqual([]);
    expect(bodySize(sized(65536 - 10, "x")).map((f) => f.code)).toEqual(["myrmo/body-too-large"]);
    expect(bodySize(sized(Math.floor((65536 - 11) / 3), "€"))).toEqual([]);
    expect(bodySize(sized(Math.floor((65536 - 11) / 3) + 1, "€")).map((f) => f.message)).toEqual([
      "expected a body of at most 65536 bytes (a colony answers 413 too_large), found 65537 bytes even as compact json",
    ]);
  });
});
