import { findRoot, loadRegistry, readFixtures } from "@keel/schema-model";
import { checkDocument, loadProtocol } from "@keel/validate";
import { describe, expect, it } from "vitest";

const root = findRoot(import.meta.dirname);
const registry = loadRegistry(root);

// A valid fixture is valid by the protocol's words, not only by its schema: an implementation that checks
// what the protocol says (a unified diff whose hunk counts add up) must accept every one of them.
// `keel gen` holds them to the rules as it builds them (codegen's fixture-gen/protocol-rules.ts).
describe.each(Object.keys(registry.protocols))(
  "conformance/%s valid fixtures pass keel's own rules",
  (protocol) => {
    it("every valid fixture", async () => {
      const module = await loadProtocol(protocol);
      const refused = readFixtures(root, protocol)
        .filter((f) => f.expect === "valid")
        .flatMap((f) => {
          const r = checkDocument(module, f.type, f.value, "ajv");
          const errors = r.findings.filter((x) => x.severity === "error");
          return r.valid && errors.length === 0
            ? []
            : [`${f.display}: ${errors.map((x) => `${x.code} ${x.pointer}`)}`];
        });
      expect(refused).toEqual([]);
    });
  },
);
