import { findRoot, listExamples, loadRegistry, readDocuments } from "@keel/schema-model";
import { checkDocument, loadProtocol } from "@keel/validate";
import { describe, expect, it } from "vitest";

const root = findRoot(import.meta.dirname);
const registry = loadRegistry(root);

/** Findings an example shows on purpose (compared exactly, so an entry that stops applying fails). */
const SHOWN: Record<string, string[]> = {
  // spec C is blocked because it starves a reasoning model of tokens
  "schemas/myloop/examples/spec/rich.json": [
    "warning myloop/spec-reasoning-max-tokens /specs/2/risk_vectors/llm_calls/0/max_tokens",
  ],
};

// `keel examples` holds every example to its schema; this holds it to the protocol's semantic rules too.
describe.each(Object.keys(registry.protocols))(
  "schemas/%s/examples pass schema and semantic rules",
  async (protocol) => {
    const module = await loadProtocol(protocol);
    const examples = listExamples(root, registry, protocol);

    it("has an example folder for every document type and no other", () => {
      expect([...new Set(examples.map((e) => e.documentType))].sort()).toEqual(
        Object.keys(registry.protocols[protocol]?.documentTypes ?? {}).sort(),
      );
    });

    for (const example of examples) {
      it(example.display, () => {
        const documents = readDocuments(example.path);
        expect(documents.length).toBeGreaterThan(0);
        for (const doc of documents) {
          const r = checkDocument(module, example.documentType, doc.value, "ajv");
          const found = r.findings.map((f) => `${f.severity} ${f.code} ${f.pointer}`);
          expect({ line: doc.line, valid: r.valid, found }).toEqual({
            line: doc.line,
            valid: true,
            found: SHOWN[example.display] ?? [],
          });
        }
      });
    }
  },
);
