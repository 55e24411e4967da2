import {
  compileSchemaSet,
  listExamples,
  loadSchemaSet,
  type ProtocolEntry,
  readDocuments,
  readFixtures,
} from "@keel/schema-model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareVersions, downgrade, parseVersion } from "../src/index.js";
import { registry, root } from "./helpers.js";

/** Every (protocol, older released minor) a working-tree document must downgrade to. */
const targets = Object.entries(registry.protocols).flatMap(([protocol, entry]) =>
  entry.released
    .filter((r) => parseVersion(r.version)[0] === parseVersion(entry.version)[0])
    .filter((r) => compareVersions(r.version, entry.version) < 0)
    .map((r) => ({ protocol, entry, older: r.version })),
);

/** Every example document and every valid generated fixture of the working version. */
function documents(protocol: string, entry: ProtocolEntry) {
  const examples = listExamples(root, registry, protocol)
    .filter((e) => entry.documentTypes[e.documentType] !== undefined)
    .flatMap((e) =>
      readDocuments(e.path).map((d) => ({
        type: e.documentType,
        where: `${e.display}:${d.line}`,
        value: d.value,
      })),
    );
  const fixtures = readFixtures(root, protocol)
    .filter((f) => f.expect === "valid")
    .map((f) => ({ type: f.type, where: `fixture ${f.file}`, value: f.value }));
  return [...examples, ...fixtures];
}

function setup(protocol: string, entry: ProtocolEntry, older: string) {
  const newer = loadSchemaSet(root, registry, protocol);
  const old = loadSchemaSet(root, registry, protocol, older);
  const validNew = compileSchemaSet(registry, newer);
  const validOld = compileSchemaSet(registry, old);
  const down = (type: string, value: unknown) =>
    downgrade(value, newer, old, entry.versionField, {
      documentType: type,
      entryPoint: entry.documentTypes[type] as { schema: string; pointer: string },
    });
  return { down, validNew, validOld };
}

it("has at least one older released minor to downgrade to (today: mira 1.2 → 1.1 and → 1.0)", () => {
  expect(targets.map((t) => `${t.protocol} ${t.entry.version} → ${t.older}`)).toEqual(
    expect.arrayContaining(["mira 1.2 → 1.1", "mira 1.2 → 1.0"]),
  );
});

// every document downgraded (each plans afresh) and 150 variants: seconds on a loaded machine, so no 5 s default
describe.each(targets)("$protocol working → $older", ({ protocol, entry, older }) => {
  const { down, validNew, validOld } = setup(protocol, entry, older);
  const docs = documents(protocol, entry);

  it("downgrades every example and valid fixture to a valid document, or reports exactly what it cannot (kept in test/expected/)", async () => {
    const cannot: Record<string, string[]> = {};
    for (const d of docs) {
      const r = down(d.type, d.value);
      const validate = validOld.validator(d.type);
      const valid = validate(r.document) === true;
      if (r.problems.length === 0) expect(validate.errors ?? [], d.where).toEqual([]);
      else {
        expect(valid, `${d.where} is reported undowngradable but validates`).toBe(false);
        cannot[d.where] = r.problems.map((p) => `${p.pointer}: ${p.message}`);
      }
    }
    expect(docs.length).toBeGreaterThan(0);
    await expect(`${JSON.stringify(cannot, null, 2)}\n`).toMatchFileSnapshot(
      `expected/${protocol}-to-${older}-undowngradable.json`,
    );
  });

  it("downgrades generated variants (optional members dropped, unknown members added) or says why it cannot", () => {
    const ops = fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.string({ maxLength: 6 })), { maxLength: 4 });
    fc.assert(
      fc.property(fc.constantFrom(...docs), ops, (d, changes) => {
        const value = structuredClone(d.value);
        mutate(value, changes);
        fc.pre(validNew.validator(d.type)(value) === true);
        const r = down(d.type, value);
        const valid = validOld.validator(d.type)(r.document) === true;
        // a downgrade either produces a valid older document or reports what it could not do
        return valid || r.problems.length > 0;
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});

/** Apply (object index, drop?, key) changes: drop one member of the n-th object, or add an unknown one. */
function mutate(value: unknown, changes: Array<[number, boolean, string]>): void {
  const objects: Array<Record<string, unknown>> = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === "object") {
      objects.push(v as Record<string, unknown>);
      Object.values(v).forEach(visit);
    }
  };
  visit(value);
  for (const [n, drop, key] of changes) {
    const o = objects[n % objects.length];
    if (o === undefined) continue;
    const keys = Object.keys(o);
    if (drop && keys.length > 0) delete o[keys[n % keys.length] as string];
    else o[`x_${key}`] = key;
  }
}
