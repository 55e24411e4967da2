import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findRoot, loadRegistry, protocolNames } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { compiledExplainer, explainWith } from "../src/check/explain.js";
import { generatedExplainer } from "../src/check/explain-generated.js";

// The generated explainer (each package's explain.gen.js) must say exactly what the verbose ajv compiled
// at run time says, union reductions included, on every invalid fixture of every protocol.
const root = findRoot(join(import.meta.dirname, "..", "..", ".."));
const registry = loadRegistry(root);

describe.each(protocolNames(registry))("%s: generated explainer ≡ run-time compiled", (protocol) => {
  it("gives the same findings on every invalid fixture", () => {
    const generated = generatedExplainer(protocol);
    expect(generated, `packages/protocol-${protocol} has no explain.gen.js`).toBeDefined();
    const compiled = compiledExplainer(root, registry, protocol);
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
