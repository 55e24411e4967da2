import { describe, expect, it } from "vitest";
import { zodIssuesToFindings } from "./zod-issues.js";

describe("a failed zod union", () => {
  it("is reported at the failing field of the nearest branch, as ajv names it", () => {
    const issue = {
      code: "invalid_union",
      path: ["msg"],
      message: "Invalid input",
      errors: [
        [
          {
            code: "invalid_type",
            path: ["params", "x"],
            message: "Invalid input: expected string, received number",
          },
        ],
        [
          { code: "invalid_value", path: ["method"], message: 'Invalid input: expected "b"' },
          {
            code: "invalid_type",
            path: ["n"],
            message: "Invalid input: expected number, received undefined",
          },
        ],
      ],
    };
    expect(zodIssuesToFindings([issue])).toEqual([
      {
        code: "zod/invalid-union",
        severity: "error",
        message:
          "expected /msg to match a branch of its union, found none does; nearest: branch 1 of 2, where /msg/params/x fails: invalid input: expected string, received number",
        pointer: "/msg/params/x",
      },
    ]);
  });

  it("looks through a union inside the nearest branch", () => {
    const inner = {
      code: "invalid_union",
      path: ["content"],
      message: "Invalid input",
      errors: [
        [
          {
            code: "invalid_type",
            path: ["text"],
            message: "Invalid input: expected string, received undefined",
          },
        ],
        [
          { code: "invalid_value", path: ["type"], message: 'Invalid input: expected "image"' },
          { code: "invalid_type", path: ["data"], message: "x" },
        ],
      ],
    };
    const [finding] = zodIssuesToFindings([
      { code: "invalid_union", path: [], message: "Invalid input", errors: [[inner], [inner, inner]] },
    ]);
    expect(finding?.pointer).toBe("/content/text");
    expect(finding?.message).toMatch(
      /^expected the document to match a branch of its union, found none does; nearest: branch 1 of 2, where \/content\/text fails/,
    );
  });
});
