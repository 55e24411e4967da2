import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../../tools/test-kit/temp-dirs.js";
import { lintCopy } from "../../test/run-copy.js";
import { lintTools } from "./tools.js";

const run = (files: Record<string, string>): string => {
  const dir = tempDir("keel-tools-");
  mkdirSync(join(dir, "tools"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "tools", name), text);
  return dir;
};
const DOCUMENTED =
  '#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n\n"""\nFilter episodes by instruction length.\n"""\nimport json\n';

describe("tools/*.py", () => {
  it("tools-module: the file name is an importable module name", () => {
    expect(lintTools(run({ "by_instr_len.py": DOCUMENTED, "notes.txt": "x" }))).toEqual([]);
    expect(lintTools(run({ "by-instr-len.py": DOCUMENTED, "class.py": DOCUMENTED }))).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/tools-module",
          "file": "tools/by-instr-len.py",
          "message": "expected a python module name (an identifier, not a keyword), found by-instr-len.py",
          "pointer": "",
          "severity": "error",
        },
        {
          "code": "myloop/tools-module",
          "file": "tools/class.py",
          "message": "expected a python module name (an identifier, not a keyword), found class.py",
          "pointer": "",
          "severity": "error",
        },
      ]
    `);
  });

  it("tools-docstring: the module opens with its docstring", () => {
    expect(lintTools(run({ "raw.py": "r'''Raw docstring.'''\n" }))).toEqual([]);
    expect(
      lintTools(run({ "failing_eps.py": '# helper\nimport json\n"""Too late."""\n' })),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/tools-docstring",
          "file": "tools/failing_eps.py",
          "line": 2,
          "message": "expected the file to open with a module docstring (its registry entry), found "import json"",
          "pointer": "",
          "severity": "warning",
        },
      ]
    `);
  });
});

describe("myloop/unreadable: what cannot be read is a finding, never a crash", () => {
  it("reports a directory where a file belongs and a file where a directory belongs", () => {
    const swap = (dir: string) => {
      rmSync(join(dir, "goal.md"));
      mkdirSync(join(dir, "goal.md"));
      writeFileSync(join(dir, "tools"), "not a folder\n");
      mkdirSync(join(dir, ".staging"));
      writeFileSync(join(dir, ".staging/iter_2"), "");
    };
    expect(lintCopy("unreadable", swap).map((f) => `${f.file}: ${f.message}`)).toEqual([
      ".staging/iter_2: expected a readable directory, found a file",
      "goal.md: expected a readable file, found a directory",
      "tools: expected a readable directory, found a file",
    ]);
  });
});
