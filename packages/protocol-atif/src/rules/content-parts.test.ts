import { describe, expect, it } from "vitest";
import { trajectoryRules } from "./trajectory.js";

const doc = (message: unknown, content: unknown) => ({
  agent: { name: "a", version: "1" },
  steps: [
    { step_id: 1, source: "user", message },
    { step_id: 2, source: "agent", message: "", observation: { results: [{ content }] } },
  ],
});
const text = { type: "text", text: "look" };
const image = { type: "image", source: { media_type: "image/png", path: "images/a.png" } };

describe("atif/content-part-shape", () => {
  it("accepts text parts with text and image parts with a source", () => {
    expect(trajectoryRules(doc([text, image], [image, text]))).toEqual([]);
  });

  it("reports a text part with a source and an image part without one", () => {
    const findings = trajectoryRules(
      doc([{ ...text, source: image.source }], [{ type: "image", text: "x" }]),
    );
    expect(findings.map((f) => [f.code, f.pointer, f.message])).toMatchInlineSnapshot(`
      [
        [
          "atif/content-part-shape",
          "/steps/0/message/0/source",
          "expected no source on a text part, found one",
        ],
        [
          "atif/content-part-shape",
          "/steps/1/observation/results/0/content/0",
          "expected an image part to set source, found none",
        ],
        [
          "atif/content-part-shape",
          "/steps/1/observation/results/0/content/0/text",
          "expected no text on an image part, found one",
        ],
      ]
    `);
  });
});
