import { expect, it } from "vitest";
import { textDiff } from "./text.js";

it("shows what changed in a text with a few words of context", () => {
  expect(
    textDiff(
      "Enable the new thing for all users of the app today",
      "Enable the new thing for some users of the app today",
    ),
  ).toBe("… the new thing for [-all-] {+some+} users of the app …");
  expect(textDiff("a", "b")).toBe("[-a-] {+b+}");
  expect(textDiff("x y", "x y z")).toBe("x y {+z+}");
});
