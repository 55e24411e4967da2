import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseJsonAst } from "@humanwhocodes/momoa";
import { describe, expect, it } from "vitest";
import { escapeToken } from "./pointer.js";
import { findRoot } from "./root.js";
import { locatePointers } from "./source-position.js";

/** What momoa alone says (the reference the scan must agree with). */
function momoaPositions(text: string, pointers: string[]): Map<string, { line: number; column: number }> {
  type N = {
    type: string;
    loc: { start: { line: number; column: number } };
    members?: { name: { value: string }; value: N; loc: { start: { line: number; column: number } } }[];
    elements?: { value: N }[];
  };
  const root = (parseJsonAst(text, { mode: "json" }) as unknown as { body: N }).body;
  const out = new Map();
  for (const pointer of pointers) {
    let node = root;
    let at = root.loc.start;
    for (const token of pointer
      .split("/")
      .slice(1)
      .map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"))) {
      if (node.type === "Object") {
        const m = node.members?.findLast((x) => x.name.value === token);
        if (m === undefined) break;
        node = m.value;
        at = m.loc.start;
      } else if (node.type === "Array" && /^(0|[1-9][0-9]*)$/.test(token)) {
        const e = node.elements?.[Number(token)];
        if (e === undefined) break;
        node = e.value;
        at = e.value.loc.start;
      } else break;
    }
    out.set(pointer, { line: at.line, column: at.column });
  }
  return out;
}

/** Every pointer into `value`, and an absent child under each container. */
function pointersOf(value: unknown, at = ""): string[] {
  const out = [at, `${at}/absent`];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) out.push(...pointersOf(v, `${at}/${i}`));
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) out.push(...pointersOf(v, `${at}/${escapeToken(k)}`));
  return out;
}

const agree = (text: string) => {
  const pointers = pointersOf(JSON.parse(text));
  expect(Object.fromEntries(locatePointers(text, pointers)), text.slice(0, 80)).toEqual(
    Object.fromEntries(momoaPositions(text, pointers)),
  );
};

describe("locatePointers (scanned) agrees with momoa", () => {
  it("on every generated fixture, pretty and on one line", () => {
    const dir = join(findRoot(), "conformance");
    let files = 0;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".json") || !entry.parentPath.includes("fixtures"))
        continue;
      if (entry.name === "manifest.json" || files >= 800) continue;
      const text = readFileSync(join(entry.parentPath, entry.name), "utf8");
      agree(text);
      agree(JSON.stringify(JSON.parse(text)));
      files++;
    }
    expect(files).toBeGreaterThan(500);
  });

  it("with escaped and repeated keys, odd spacing, strings full of brackets, quotes and backslashes", () => {
    agree('{"a":1,"a":{"b":[1,{"c":"]}\\\\"}]},"a\\"b":2, "x/y" : {"~k":[[],{}]}}');
    agree('[ 1 , "a,b]" , { "k\\u00e9" : true } , [ [ null ] ] ]');
    agree('\t{\n\t"é": "😀",\n\t"n": -1.5e3, "s": "\\\\"\n}');
    agree('"just a string"');
  });
});
