import { compileSchemaSet, loadSchemaSet, type Registry } from "@keel/schema-model";
import { Bank } from "../fixture-gen/bank.js";
import { Resolver } from "../fixture-gen/context.js";
import { formatJson } from "../fixture-gen/json.js";
import { Matcher } from "../fixture-gen/matches.js";
import { SiteWalker } from "../fixture-gen/sites.js";
import { Synthesizer } from "../fixture-gen/synth.js";

/**
 * A first example per document type, built from the schema alone by the fixture generator's synthesiser
 * (the smallest value its keywords describe) and kept only when ajv accepts it: `keel examples` wants an
 * example of every type, and fixtures grow from examples. The maintainer adds real ones beside it.
 */
export function synthesiseExamples(
  root: string,
  registry: Registry,
  protocol: string,
): { type: string; text?: string }[] {
  const set = loadSchemaSet(root, registry, protocol);
  const compiled = compileSchemaSet(registry, set);
  const resolver = new Resolver(set);
  const matcher = new Matcher(resolver);
  const walker = new SiteWalker(resolver, matcher);
  const synth = new Synthesizer(resolver, matcher, walker, new Bank());
  const types = registry.protocols[protocol]?.documentTypes ?? {};
  return Object.entries(types).map(([type, entry]) => {
    const value = synth.value(resolver.entry(entry.schema, entry.pointer));
    return compiled.validator(type)(value) === true ? { type, text: formatJson(value) } : { type };
  });
}
