import { describe, expect, it } from "vitest";
import { detailsProblem, locatedProblem } from "./located.js";

const answer = (...paths: string[]) => ({
  error: { code: "invalid_trail", message: "m", details: paths.map((path) => ({ path, message: "x" })) },
});

describe("locatedProblem", () => {
  it("takes the pointer itself or a location inside it", () => {
    expect(locatedProblem(answer("/problem/summary"), "/problem/summary", "maxLength")).toBeUndefined();
    expect(locatedProblem(answer("/tags/3"), "/tags", "uniqueItems")).toBeUndefined();
    expect(locatedProblem(answer(""), "", "type")).toBeUndefined();
  });

  it("takes the object for required and additionalProperties, as ajv reports it", () => {
    expect(
      locatedProblem(answer("/effort"), "/effort/keel_unknown_field", "additionalProperties"),
    ).toBeUndefined();
    expect(locatedProblem(answer(""), "/problem", "required")).toBeUndefined();
  });

  it("refuses an unrelated ancestor, a sibling, or no details", () => {
    expect(locatedProblem(answer("/problem"), "/problem/summary", "maxLength")).toMatch(
      /not "\/problem\/summary"/,
    );
    expect(locatedProblem(answer(""), "/effort/keel_unknown_field", "additionalProperties")).toBeDefined();
    expect(locatedProblem(answer("/problem/summaryx"), "/problem/summary", "maxLength")).toBeDefined();
    expect(locatedProblem({ error: { code: "invalid_trail" } }, "/a", "type")).toBe("no details");
  });
});

describe("detailsProblem", () => {
  it("wants 1 to max details with a string path and message", () => {
    expect(detailsProblem(answer("/a"), 20)).toBeUndefined();
    expect(detailsProblem(answer(), 20)).toMatch(/without details/);
    expect(detailsProblem(answer("/a", "/b", "/c"), 2)).toMatch(/3 details, more than 2/);
    expect(detailsProblem({ error: { details: [{ path: 1, message: "m" }] } }, 20)).toMatch(
      /without a string path/,
    );
  });
});
