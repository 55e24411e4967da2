import { finding, KeelError } from "@keel/diagnostics";
import type { CliFacts, ColonyFacts, ConsumerModel, ProtocolEntry, RouteFacts } from "./registry-types.js";

// Typed views of registry facts. loadRegistry already checked them against registry.schema.json;
// these accessors only say, with a clear error, when a protocol has none.

function missing(entry: ProtocolEntry, what: string): never {
  const f = finding("registry/invalid", { detail: `found no facts.${what} in ${entry.title}` });
  throw new KeelError(f.code, f.message);
}

/** What a colony serves (Myrmo): routes, statuses, error codes, body limit, rate-limit headers. */
export function colonyFacts(entry: ProtocolEntry): ColonyFacts {
  const facts = entry.facts.colony as ColonyFacts | undefined;
  return facts ?? missing(entry, "colony");
}

/** Which command answers with which document type (Slipway). */
export function cliFacts(entry: ProtocolEntry): CliFacts {
  const facts = entry.facts.commands as CliFacts | undefined;
  return facts ?? missing(entry, "commands");
}

/** The route of a colony by its registry name (publish, trail, outcome, by_fingerprint, health). */
export function colonyRoute(facts: ColonyFacts, name: string): RouteFacts {
  const route = facts.routes.find((r) => r.name === name);
  if (route === undefined) {
    const f = finding("registry/invalid", { detail: `found no route named "${name}" in facts.colony` });
    throw new KeelError(f.code, f.message);
  }
  return route;
}

/**
 * Whether readers of a document type reject unknown fields: the type's own `consumer`, else the
 * protocol's. A strict type is one an implementation must refuse unknown fields in; a lenient one is
 * read by ignoring them (a colony's open answers).
 */
export function documentConsumer(entry: ProtocolEntry, documentType: string): ConsumerModel {
  const type = Object.hasOwn(entry.documentTypes, documentType)
    ? entry.documentTypes[documentType]
    : undefined;
  if (type === undefined) {
    const f = finding("registry/invalid", {
      detail: `found no document type "${documentType}" in ${entry.title}`,
    });
    throw new KeelError(f.code, f.message);
  }
  return type.consumer ?? entry.consumer;
}
