import { expect, test } from "vitest";
import { asciiOnly } from "./ascii.js";

test("escapes every non-ASCII unit so the code means the same", () => {
  const value = { description: "naïve — “quoted” 🚀", pattern: "^[^\\u0000]+$ é\\\\é" };
  const escaped = asciiOnly(`return ${JSON.stringify(value)};`);
  expect(escaped).toMatch(/^[ -~]*$/);
  expect(escaped).toContain("na\\u00efve");
  expect(new Function(escaped)()).toEqual(value);
});
