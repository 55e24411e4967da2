import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { versionMatchesUrl } from "./version-url.js";

const example = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../../schemas/slipway/examples/${path}`, import.meta.url), "utf8"));

// The v2 schema also pins these fields with const, so the rule is called directly here.
describe("slipway/version-url-mismatch", () => {
  it("accepts contract_version, source_version and manifest_version equal to the url's v2", () => {
    expect(versionMatchesUrl("outcome", example("outcome/tutorial-orient.json"))).toEqual([]);
    expect(versionMatchesUrl("source_envelope", example("source_envelope/change-issue.json"))).toEqual([]);
    expect(versionMatchesUrl("source_manifest", example("source_manifest/initial.json"))).toEqual([]);
  });

  it("reports a version the url does not carry", () => {
    const outcome = { ...example("outcome/tutorial-orient.json"), contract_version: 3 };
    const envelope = { ...example("source_envelope/change-issue.json"), source_version: "2" };
    expect(
      [...versionMatchesUrl("outcome", outcome), ...versionMatchesUrl("source_envelope", envelope)].map(
        (f) => [f.code, f.pointer, f.message],
      ),
    ).toMatchInlineSnapshot(`
      [
        [
          "slipway/version-url-mismatch",
          "/contract_version",
          "expected contract_version 2 to match the schema url (…/v2/…), found 3",
        ],
        [
          "slipway/version-url-mismatch",
          "/source_version",
          "expected source_version 2 to match the schema url (…/v2/…), found "2"",
        ],
      ]
    `);
  });
});
