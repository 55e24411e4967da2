import { describe, expect, it } from "vitest";
import { parseTarget, TargetError } from "./target.js";

describe("parseTarget", () => {
  it("splits a command by shell-word rules into an exact argv", () => {
    expect(parseTarget(`node study.js --name "a b" 'c "d"' e\\ f ü`)).toEqual({
      kind: "argv",
      argv: ["node", "study.js", "--name", "a b", 'c "d"', "e f", "ü"],
    });
  });

  it("keeps shell syntax for a shell", () => {
    for (const command of [
      "a | b",
      "a && b",
      "a > out.txt",
      "a; b",
      "echo $HOME",
      'echo "$HOME/x"',
      "ls *.js",
      "a # c",
    ])
      expect(parseTarget(command)).toEqual({ kind: "shell", command });
  });

  it("reads http(s) targets as URLs", () => {
    expect(parseTarget("http://127.0.0.1:8080/base")).toEqual({
      kind: "url",
      url: "http://127.0.0.1:8080/base",
    });
    expect(parseTarget("HTTPS://colony.example")).toEqual({ kind: "url", url: "HTTPS://colony.example" });
  });

  it("refuses an empty target or a broken URL", () => {
    expect(() => parseTarget("  ")).toThrow(TargetError);
    expect(() => parseTarget("http://[::1")).toThrow(/expected --target to be a valid URL/);
  });
});
