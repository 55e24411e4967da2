import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findRoot, loadRegistry, protocolNames } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { compiledExplainer, explainWith, verboseProtocol } from "../src/check/explain.js";
import { generatedExplainer } from "../src/check/explain-generated.js";

// The generated explainer (each package's explain.gen.js) must say exactly what the verbose ajv compiled
// at run time says, union reductions included, on every invalid fixture of every protocol.
const root = findRoot(join(import.meta.dirname, "..", "..", ".."));
const registry = loadRegistry(root);

describe.each(protocolNames(registry))("%s: generated explainer ≡ run-time compiled", (protocol) => {
  // compiles the protocol at run time (≈ 2 s for slipway alone): a loaded machine needs more than the default 5 s
  it("gives the same findings on every invalid fixture", () => {
    const generated = generatedExplainer(protocol);
    expect(generated, `packages/protocol-${protocol} has no explain.gen.js`).toBeDefined();
    const compiled = compiledExplainer({ root, registry, protocol });
    const fixtures = join(root, "conformance", protocol, "fixtures");
    let checked = 0;
    for (const type of Object.keys(registry.protocols[protocol]?.documentTypes ?? {})) {
      const dir = join(fixtures, type, "invalid");
      if (!existsSync(dir)) continue; // a type whose every fault is another type's (mira message)
      const files = readdirSync(dir, { withFileTypes: true }).filter(
        (f) => f.isFile() && f.name.endsWith(".json"),
      );
      for (const f of files) {
        const doc = JSON.parse(readFileSync(join(dir, f.name), "utf8"));
        const want = explainWith(compiled, type, doc);
        expect(
          explainWith(generated as NonNullable<typeof generated>, type, doc),
          `${type}/${f.name}`,
        ).toEqual(want);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

// A correlated response's result is explained by the generated verbose validator of its method's result
// definition (correlate-results.ts): the same findings as the run-time compiled one, valid results and broken ones.
describe("mira: generated result definitions ≡ run-time compiled", () => {
  it("gives the same findings on every example result and on each emptied or retyped", () => {
    const generated = generatedExplainer("mira");
    const { compiled, branches } = verboseProtocol({ root, registry, protocol: "mira" });
    const file = compiled.refOf("response").split("#")[0];
    const dir = join(root, "schemas", "mira", "examples", "response");
    const results = readdirSync(dir)
      .flatMap((name) => readFileSync(join(dir, name), "utf8").split("\n"))
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line).result)
      .filter((result) => result !== undefined && result !== null);
    const docs = [...results, ...results.map((r) => ({ ...r, extra: 1 })), {}, [], "run"];
    const methods = registry.protocols.mira?.facts.methodSchemas as Record<string, { result: string | null }>;
    const definitions = [...new Set(Object.values(methods).map((m) => m.result))].filter((d) => d !== null);
    expect(definitions.length).toBeGreaterThan(0);
    let rejected = 0;
    for (const definition of definitions) {
      const validate = generated?.definition(`protocol.schema.json${definition}`);
      expect(validate, definition).toBeDefined();
      const own = compiled.ajv.getSchema(`${file}${definition}`);
      for (const doc of docs) {
        const want = explainWith({ validator: () => own as never, branches }, "result", doc);
        const got = explainWith(
          { validator: () => validate as never, branches: generated?.branches as never },
          "result",
          doc,
        );
        expect(got, `${definition} ${JSON.stringify(doc).slice(0, 80)}`).toEqual(want);
        if (want.length > 0) rejected += 1;
      }
    }
    expect(rejected).toBeGreaterThan(definitions.length);
  });
});

// One explainer per protocol: every union's branches are compiled once, so each union key is printed in one
// generated module, once (a module per document type repeated the unions the types share).
describe.each(protocolNames(registry))("%s: each union's branches generated once", (protocol) => {
  it("names every union key in exactly one explain module, once", () => {
    const dir = join(root, "packages", `protocol-${protocol}`, "src", "generated");
    const seen = new Map<string, string[]>();
    for (const name of readdirSync(dir).filter((n) => /^explain.*\.gen\.ts$/.test(n)))
      for (const [key] of readFileSync(join(dir, name), "utf8").matchAll(/"(?:anyOf|oneOf) [0-9a-f]{64}"/g))
        seen.set(key, [...(seen.get(key) ?? []), name]);
    const repeated = [...seen].filter(([, names]) => names.length > 1);
    expect(repeated, `${protocol}: union keys printed more than once`).toEqual([]);
  });
});
