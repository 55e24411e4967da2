import { knownDifferences } from "@keel/codegen";
import { findRoot, listExamples, loadRegistry, readDocuments, readFixtures } from "@keel/schema-model";
import { loadProtocol } from "@keel/validate";
import { describe, expect, it } from "vitest";

const root = findRoot(import.meta.dirname);
const registry = loadRegistry(root);

/**
 * The committed protocol packages, both engines, on every committed fixture and example: the fixture's
 * label, ajv's verdict and zod's verdict must all agree. ajv is the reference; the only tolerated zod
 * differences are the protocol's zodKnownDifferences (registry), and an entry that no longer differs fails.
 */
describe.each(Object.keys(registry.protocols))("%s: zod and ajv agree", async (protocol) => {
  const api = (await loadProtocol(protocol)).documentTypes;
  const fixtures = readFixtures(root, protocol);
  const cases: Array<{ id: string; type: string; value: unknown; label?: boolean }> = fixtures.map((f) => ({
    id: f.display,
    type: f.type,
    value: f.value,
    label: f.expect === "valid",
  }));
  for (const example of listExamples(root, registry, protocol)) {
    for (const doc of readDocuments(example.path))
      cases.push({
        id: `${example.display}:${doc.line}`,
        type: example.documentType,
        value: doc.value,
        label: true,
      });
  }

  it(`has fixtures and examples to compare (${cases.length})`, () => {
    expect(fixtures.length).toBeGreaterThan(20);
    expect(cases.length).toBeGreaterThan(fixtures.length);
  });

  it("ajv gives every fixture the verdict its manifest records", () => {
    const wrong = cases
      .filter((c) => api[c.type]?.validate(c.value, "ajv").valid !== c.label)
      .map((c) => c.id);
    expect(wrong).toEqual([]);
  });

  it("zod gives ajv's verdict everywhere except the documented known differences", () => {
    const known = knownDifferences(registry).filter((d) => d.protocol === protocol);
    const differences = cases
      .filter(
        (c) => api[c.type]?.validate(c.value, "zod").valid !== api[c.type]?.validate(c.value, "ajv").valid,
      )
      .map((c) => c.id);
    const unexpected = differences.filter((id) => !known.some((k) => k.case === id));
    const stale = known.filter((k) => k.case.startsWith("conformance/") && !differences.includes(k.case));
    expect({ unexpected, stale }).toEqual({ unexpected: [], stale: [] });
  });
});
