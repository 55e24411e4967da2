import { describe, expect, it } from "vitest";
import { validateRequest } from "../generated/api.gen.js";

describe("initialize params", () => {
  it("are all optional: the upstream SDKs' own first line is valid", () => {
    for (const line of [
      { id: 1, method: "initialize", params: {} },
      { id: 1, method: "initialize" },
      { id: 1, method: "initialize", params: { host: "mira-cli" } },
    ])
      expect(validateRequest(line).findings).toEqual([]);
  });

  it("still type their fields", () => {
    const { findings } = validateRequest({ id: 1, method: "initialize", params: { protocol_version: 1 } });
    expect(findings.map((f) => f.pointer)).toContain("/params/protocol_version");
  });
});
