import { isRecord } from "@keel/diagnostics";
import { FORMAT } from "./types.js";

/** Where the exchange format's JSON Schema lives, relative to a conformance/<protocol>/exchanges folder. */
export const SCHEMA_REF = "../../../packages/conformance-runner/src/exchange/exchange.schema.json";

/**
 * Brings an older golden exchange to the current format. Format 1 (no `format` key: rpc-stdio only,
 * send/sendRaw/expect) has the same steps; it gains `format: 2`. Returns the document unchanged when
 * it is not an object or already current.
 */
export function migrate(doc: unknown): unknown {
  if (!isRecord(doc) || doc.format !== undefined) return doc;
  const { $schema, ...rest } = doc;
  return { ...($schema === undefined ? {} : { $schema }), format: FORMAT, ...rest };
}
