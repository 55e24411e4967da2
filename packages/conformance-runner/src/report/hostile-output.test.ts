import { describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import type { ConformReport } from "../conform.js";
import { github } from "./github.js";
import { junit } from "./junit.js";
import { pretty } from "./pretty.js";

// what a misbehaving implementation can put in a report: a colour escape, a NUL, a lone surrogate, U+FFFE
const hostile = "\x1b[31mboom\x00 \ud800 \ufffe <&\"'>";

const report: ConformReport = {
  suite: "mira",
  protocol: "mira",
  target: "node study.js",
  passed: false,
  counts: { pass: 1, fail: 1, skip: 1, xfail: 0 },
  checks: [
    { name: "mira/a", cites: "mira §1", status: "pass" },
    {
      name: "mira/b",
      cites: "mira §2",
      status: "fail",
      reason: hostile,
      expected: "a result",
      actual: hostile,
      traffic: [`< ${hostile}`],
    },
    { name: "mira/c", cites: "mira §3", status: "skip", reason: hostile },
  ],
  durationMs: 12,
  stderr: `panic: ${hostile}\r\nsecond line\n`,
} as ConformReport;

// XML 1.0 §2.2 Char: tab, newline, carriage return, and U+0020 up, less surrogates and U+FFFE/U+FFFF
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids
const forbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

describe("reports of an implementation that prints control characters", () => {
  it("junit stays well-formed XML 1.0, the forbidden characters written as visible \\uXXXX", () => {
    const xml = junit(report);
    expect(xml).not.toMatch(forbidden);
    // xmlbuilder2 parses it back: one testsuite of three testcases
    const doc = create(xml).end({ format: "object" }) as {
      testsuites: { testsuite: { "@tests": string; testcase: unknown[] } };
    };
    const suite = doc.testsuites.testsuite;
    expect(suite["@tests"]).toBe("3");
    expect(suite.testcase).toHaveLength(3);
    // the raw XML: forbidden characters visible, markup characters escaped as entities
    const shown = "\\u001b[31mboom\\u0000 \\ud800 \\ufffe";
    expect(xml).toContain(`<failure message="${shown} &lt;&amp;&quot;'&gt;">`);
    expect(xml).toContain(`actual:   ${shown} &lt;&amp;"'&gt;`);
    expect(xml).toContain(`<skipped message="${shown} &lt;&amp;&quot;'&gt;"/>`);
    expect(xml).toContain(`<system-err>panic: ${shown} &lt;&amp;"'&gt;`);
  });

  it("pretty sends no control character to the terminal and keeps every line readable", () => {
    const text = pretty(report);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a terminal must receive none of these
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain("FAIL  mira/b \\u001b[31mboom\\u0000");
    expect(text).toContain("  panic: \\u001b[31mboom\\u0000");
    expect(text).toContain("  second line\n");
  });

  it("github annotations carry no control character: one line per annotation, escapes visible", () => {
    const out = github(report);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a workflow command must not carry
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    const error = out.split("\n").find((line) => line.startsWith("::error "));
    expect(error).toContain("\\u001b[31mboom\\u0000");
  });
});
