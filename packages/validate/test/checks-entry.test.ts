import { findRoot, loadRegistry, protocolNames, readFixtures } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { loadProtocol } from "../src/check/protocols.js";

const root = findRoot(import.meta.dirname);
const registry = loadRegistry(root);

// the ajv engine loads a package's zod-free `./checks` entry; it must judge exactly as the whole package
describe("a protocol's ./checks entry", () => {
  for (const protocol of protocolNames(registry)) {
    it(`${protocol}: the same verdicts, findings and rule findings as the whole package, on every fixture`, async () => {
      const light = await loadProtocol(protocol, "ajv");
      const whole = await loadProtocol(protocol, "zod");
      expect(Object.keys(light.documentTypes).sort()).toEqual(Object.keys(whole.documentTypes).sort());
      const fixtures = readFixtures(root, protocol);
      expect(fixtures.length).toBeGreaterThan(10);
      for (const f of fixtures) {
        const type = f.type;
        const lightResult = light.documentTypes[type]?.validate(f.value);
        expect(lightResult, f.display).toEqual(whole.documentTypes[type]?.validate(f.value, "ajv"));
        expect(lightResult?.valid, f.display).toBe(f.expect === "valid");
        expect(light.documentTypes[type]?.verdict?.(f.value), f.display).toBe(f.expect === "valid");
        if (f.expect === "valid")
          expect(light.semanticRules[type]?.(f.value), f.display).toEqual(
            whole.semanticRules[type]?.(f.value),
          );
      }
      for (const name of ["tolerate", "classify"])
        expect(typeof (light as unknown as Record<string, unknown>)[name], name).toBe(
          typeof (whole as unknown as Record<string, unknown>)[name],
        );
    });
  }
});
