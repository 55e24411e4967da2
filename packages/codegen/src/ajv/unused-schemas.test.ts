import { expect, test } from "vitest";
import { dropUnusedSchemas } from "./unused-schemas.js";

test("drops only the schema constants nothing refers to", () => {
  const code = [
    'const schema1 = {"type":"string"};',
    'const schema2 = {"enum":["a"]};',
    "f(schema2.enum);",
  ].join("\n");
  expect(dropUnusedSchemas(code)).toBe('const schema2 = {"enum":["a"]};\nf(schema2.enum);');
});
