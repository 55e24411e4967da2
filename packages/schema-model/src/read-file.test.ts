import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { SchemaLoadError } from "./errors.js";
import { parseJsonText, readJson, readYaml } from "./read-file.js";

const dir = tempDir("keel-read-");

function caught(fn: () => unknown): SchemaLoadError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SchemaLoadError) return error;
    throw error;
  }
  throw new Error("expected a SchemaLoadError");
}

describe("reading files", () => {
  it("locates a JSON syntax error at line:column", () => {
    const e = caught(() => parseJsonText('{\n  "a": 1,\n  "b": x\n}', "doc.json"));
    expect(e.code).toBe("json/syntax");
    expect(e.at).toEqual({ line: 3, column: 8 });
    expect(e.message).toBe("doc.json:3:8: invalid JSON: unexpected character 'x'");
  });

  it("locates truncated JSON at its end", () => {
    const e = caught(() => parseJsonText('{"a": [1,', "t.json"));
    expect(e.at).toEqual({ line: 1, column: 10 });
    expect(e.message).toBe("t.json:1:10: invalid JSON: unexpected end of input");
  });

  it("says io/not-found for a missing file", () => {
    expect(caught(() => readJson(join(dir, "nope.json"))).code).toBe("io/not-found");
  });

  it("locates a YAML syntax error", () => {
    const file = join(dir, "bad.yaml");
    writeFileSync(file, "a: 1\nb: [1, 2\nc: 3\n");
    const e = caught(() => readYaml(file));
    expect(e.code).toBe("yaml/syntax");
    expect(e.at?.line).toBeGreaterThanOrEqual(2);
  });

  it("reads valid YAML as data", () => {
    const file = join(dir, "ok.yaml");
    writeFileSync(file, "profiles:\n  probe: { episodes: 5 }\n");
    expect(readYaml(file)).toEqual({ profiles: { probe: { episodes: 5 } } });
  });
});
