import { describe, expect, it } from "vitest";
import { locateYamlPointers } from "./source-position-yaml.js";

const text = [
  "# profiles",
  "smoke:",
  "  episode_indices: [0, 35, 70]",
  "  passes_required: 0",
  "perf:",
  "  steps:",
  "    - name: a",
  "    - name: b",
  "",
].join("\n");

describe("locateYamlPointers", () => {
  it("puts a member on its key and an item on its value, through flow and block collections", () => {
    const at = locateYamlPointers(text, [
      "/smoke/passes_required",
      "/smoke/episode_indices/1",
      "/perf/steps/1/name",
      "",
    ]);
    expect(Object.fromEntries(at)).toEqual({
      "/smoke/passes_required": { line: 4, column: 3 },
      "/smoke/episode_indices/1": { line: 3, column: 24 },
      "/perf/steps/1/name": { line: 8, column: 7 },
      "": { line: 2, column: 1 },
    });
  });

  it("lands a missing member on its deepest present ancestor", () => {
    expect(locateYamlPointers(text, ["/perf/steps/5/x", "/smoke/nope"]).get("/perf/steps/5/x")).toEqual({
      line: 6,
      column: 3,
    });
  });

  it("maps everything to 1:1 when the text is not YAML it can read", () => {
    expect(locateYamlPointers("a: [1, 2\n", ["/a/0"]).get("/a/0")).toEqual({ line: 1, column: 1 });
  });
});
