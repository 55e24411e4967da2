import { appendFileSync, cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { checkRegistry, loadRegistry, type Registry, validateExamples } from "../src/index.js";
import { root } from "./repo.js";

/** Each test breaks one thing in a fresh copy of schemas/ and expects exactly that to be reported. */
let copy: string;
let registry: Registry;

beforeEach(() => {
  copy = tempDir("keel-registry-");
  cpSync(join(root, "schemas"), join(copy, "schemas"), { recursive: true });
  registry = loadRegistry(copy);
});

const codes = () => checkRegistry(copy, registry).map((f) => `${f.code} ${f.file}`);

describe("checkRegistry on a broken copy", () => {
  it("reports an example whose folder is not a document type", () => {
    mkdirSync(join(copy, "schemas/atif/examples/trajectroy"), { recursive: true });
    writeFileSync(join(copy, "schemas/atif/examples/trajectroy/typo.json"), "{}");
    expect(codes()).toEqual(["registry/unlisted-file schemas/atif/examples/trajectroy/typo.json"]);
  });

  it("reports an example of a file kind its document type does not take", () => {
    writeFileSync(join(copy, "schemas/atif/examples/trajectory/notes.yaml"), "a: 1\n");
    expect(codes()).toEqual(["registry/unlisted-file schemas/atif/examples/trajectory/notes.yaml"]);
  });

  it("reports a schema file the registry does not list", () => {
    writeFileSync(join(copy, "schemas/atif/extra.schema.json"), "{}");
    expect(codes()).toEqual(["registry/unlisted-file schemas/atif/extra.schema.json"]);
  });

  it("reports a protocol folder the registry does not list", () => {
    mkdirSync(join(copy, "schemas/acme"));
    expect(codes()).toEqual(["registry/unlisted-file schemas/acme"]);
  });

  it("reports a released copy edited after its release", () => {
    appendFileSync(join(copy, "schemas/atif/released/1.7/trajectory.schema.json"), " ");
    expect(codes()).toEqual(["registry/released-changed schemas/atif/released/1.7/trajectory.schema.json"]);
  });

  it("reports a document type left without examples", () => {
    rmSync(join(copy, "schemas/atif/examples/trajectory"), { recursive: true });
    expect(codes()).toEqual(["registry/no-example schemas/atif/examples/trajectory"]);
  });

  it("reports a schema named by the registry that is gone", () => {
    rmSync(join(copy, "schemas/atif/trajectory.schema.json"));
    expect(codes()).toContain("registry/missing-file schemas/atif/trajectory.schema.json");
  });
});

describe("validateExamples on a broken copy", () => {
  it("reports an invalid example with the failing keyword and pointer", () => {
    writeFileSync(
      join(copy, "schemas/atif/examples/trajectory/zz-broken.json"),
      JSON.stringify({ schema_version: "ATIF-v1.7" }),
    );
    const broken = validateExamples(copy, registry, "atif").find((r) => r.file.endsWith("zz-broken.json"));
    expect(broken?.findings.map((f) => `${f.code} ${f.pointer}`)).toContain("schema/required /agent");
  });
});
