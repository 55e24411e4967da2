import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseTarget } from "../../process/target.js";
import { programOf } from "./program.js";

const here = import.meta.dirname;

describe("programOf", () => {
  it("fills placeholders: as is in an argv word, shell-quoted in a shell command", () => {
    const fill = { goal: "fix it; rm -rf /", port: "8080" };
    expect(programOf(parseTarget("node host.js --goal {goal} --port {port}"), "a host", { fill })).toEqual({
      argv: ["node", "host.js", "--goal", "fix it; rm -rf /", "--port", "8080"],
    });
    expect(programOf(parseTarget("node host.js --goal {goal} | cat"), "a host", { fill })).toEqual({
      shell: "node host.js --goal 'fix it; rm -rf /' | cat",
    });
  });

  it("makes an argv word naming an existing file absolute, not a flag nor a first word looked up on PATH", () => {
    const target = parseTarget("program.ts ./program.ts --flag ./no-such-file -x");
    expect(programOf(target, "a program", { absoluteFrom: here })).toEqual({
      argv: ["program.ts", join(here, "program.ts"), "--flag", "./no-such-file", "-x"],
    });
    expect(programOf(target, "a program")).toEqual({ argv: target.kind === "argv" ? target.argv : [] });
  });

  it("refuses a URL, saying what the target must be", () => {
    expect(() =>
      programOf(parseTarget("http://127.0.0.1:1"), "the command that starts a Mira study"),
    ).toThrow(
      "expected --target to be the command that starts a Mira study, found the URL http://127.0.0.1:1",
    );
  });
});
