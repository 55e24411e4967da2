import { relative } from "node:path";
import { compileSchemaSet, listExamples, readDocuments } from "@keel/schema-model";
import { beforeAll, describe, expect, test } from "vitest";
import { coversCase, type KnownDifference, knownDifferences } from "../src/zod/index.js";
import { mutations, type Probe } from "./zod-mutations.js";
import {
  compileVerbose,
  documentTypeSchemaName,
  type GeneratedProtocol,
  generateAll,
  protocols,
  registry,
  root,
  type SchemaModule,
} from "./zod-support.js";

// Every example under schemas/ and its one-fault variants, through ajv (the reference) and the generated zod.
let generated: { modules: GeneratedProtocol[]; millis: number };
const loaded = new Map<string, SchemaModule>();

beforeAll(async () => {
  generated = generateAll("equivalence");
  console.log(`zod modules for ${protocols.length} protocols generated in ${generated.millis.toFixed(0)} ms`);
  for (const k of knownDifferences(registry))
    console.log(`allow-listed: ${k.protocol} "${k.case}" (ajv ${k.ajv ? "accepts" : "rejects"}): ${k.why}`);
  for (const m of generated.modules) loaded.set(m.protocol, (await import(m.path)) as SchemaModule);
});

describe.each(protocols)("%s", (protocol) => {
  test("zod gives ajv's verdict on every example and one-fault variant, except the allow-list", () => {
    const m = generated.modules.find((g) => g.protocol === protocol) as GeneratedProtocol;
    const zod = loaded.get(protocol) as SchemaModule;
    const compiled = compileSchemaSet(registry, m.set);
    const probes = compileVerbose(m);
    const known = knownDifferences(registry).filter((d) => d.protocol === protocol);
    const differences: { case: string; ajv: boolean }[] = [];
    let checked = 0;
    let valid = 0;
    const compare = (id: string, type: string, value: unknown) => {
      const ajv = compiled.validator(type)(value);
      const schema = zod[documentTypeSchemaName(m, type)];
      if (schema === undefined) throw new Error(`${protocol} module exports no schema for ${type}`);
      checked++;
      if (ajv) valid++;
      if (schema.safeParse(value).success !== ajv) differences.push({ case: id, ajv });
    };
    const seenShapes = new Map<string, Map<string, number>>();
    for (const example of listExamples(root, registry, protocol)) {
      const type = example.documentType;
      const verbose = probes.validator(type);
      const probe: Probe = (doc) => (verbose(doc) ? [] : (verbose.errors ?? []));
      const shapes = seenShapes.get(type) ?? new Map<string, number>();
      seenShapes.set(type, shapes);
      for (const doc of readDocuments(example.path)) {
        const id = `${relative(root, example.path)}:${doc.line}`;
        compare(id, type, doc.value);
        for (const mutation of mutations(doc.value, probe, shapes))
          compare(`${id} ${mutation.id}`, type, mutation.value);
      }
    }
    const covers = (k: KnownDifference, d: { case: string; ajv: boolean }) =>
      coversCase(k, d.case) && k.ajv === d.ajv;
    const unexpected = differences.filter((d) => !known.some((k) => covers(k, d)));
    const stale = known.filter((k) => !differences.some((d) => covers(k, d)));
    console.log(
      `${protocol}: ${checked} documents checked (${valid} valid for ajv), ${differences.length} differences, ${differences.length - unexpected.length} allow-listed`,
    );
    expect(unexpected.slice(0, 20)).toEqual([]);
    expect(stale).toEqual([]);
  }); // slipway alone is ≈ 36k documents through its slow zod schema (issue 20): minutes on a loaded box
});
