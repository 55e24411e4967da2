import type { Engine, Finding, ValidationResult } from "@keel/diagnostics";
import { duplicateKeys, protocolEntry } from "@keel/schema-model";
import type { Check, TypedResult } from "./check-file.js";
import type { ProtocolContext } from "./context.js";
import { detectInKind, typeSignatures } from "./detect-type.js";
import { checkDetected } from "./detected.js";
import { explainSchemaErrors } from "./explain.js";
import { checkDocument, checkRules, type ProtocolModule, withRules } from "./protocols.js";
import { tolerant } from "./tolerance.js";

export interface CheckSettings {
  type?: string;
  engine: Engine;
}

/**
 * Duplicate keys, then schema and semantic rules for one document of `protocol`, its type named or
 * detected per document (a document no single type fits is a `validate/unknown-type` finding). Each finding
 * keeps its own severity: `--strict` is applied as documents join a file's result (file-result.ts).
 */
export function makeCheck(ctx: ProtocolContext, module: ProtocolModule, options: CheckSettings): Check {
  const { registry, protocol } = ctx;
  const byType = (type: string, doc: unknown): ValidationResult => {
    const verdict = options.engine === "ajv" ? module.documentTypes[type]?.verdict : undefined;
    if (verdict !== undefined) {
      // ajv's verdict, then for a rejection the explanation alone: no all-errors run before it, and one
      // explanation per rejection (the package's own findings only when the explainer has none)
      if (verdict(doc)) return checkRules(module, type, doc);
      const explained = explainSchemaErrors(ctx, type, doc);
      return explained.length > 0
        ? withRules(module, type, doc, explained)
        : checkDocument(module, type, doc, options.engine);
    }
    const result = checkDocument(module, type, doc, options.engine);
    // the fast validators stop short; a failed schema check is explained, reduced (ajv engine)
    if (
      result.valid ||
      options.engine !== "ajv" ||
      !result.findings.some((f) => f.code.startsWith("schema/"))
    )
      return result;
    const explained = explainSchemaErrors(ctx, type, doc);
    return explained.length > 0 ? withRules(module, type, doc, explained) : result;
  };
  const entry = protocolEntry(registry, protocol);
  const signatures = options.type === undefined ? typeSignatures(ctx, entry) : [];
  // what the protocol's lenient readers tolerate is checked away and reported as warnings (check/tolerance.ts)
  const named = options.type;
  const typed = tolerant(module, (doc: unknown, kind: string): TypedResult => {
    if (named !== undefined) {
      const r = byType(named, doc);
      return { type: named, valid: r.valid, findings: r.findings };
    }
    return checkDetected(
      protocol,
      signatures,
      detectInKind(signatures, doc, kind),
      doc,
      (type) => byType(type, doc),
      (type) => checkDocument(module, type, doc, options.engine),
    );
  });
  // a strict consumer refuses what a lenient one tolerates (registry `consumer`)
  const duplicateSeverity = entry.consumer === "strict" ? "error" : "warning";
  return (doc, kind, source) => {
    const repeats = source === undefined ? [] : duplicateKeys(source.text, doc);
    // nearly every document: nothing repeated, so no arrays built around the result
    if (repeats.length === 0) return typed(doc, kind);
    const duplicates: Finding[] = repeats.map((d) => ({
      code: "json/duplicate-key",
      severity: duplicateSeverity,
      message: `expected each key once in an object, found "${d.key}" again (first at line ${d.first.line}, column ${d.first.column}); JSON.parse keeps the last, other parsers the first`,
      pointer: d.pointer,
      line: (source?.line ?? 1) + d.at.line - 1,
      column: d.at.column,
    }));
    const result = typed(doc, kind);
    const findings = [...duplicates, ...result.findings];
    const valid = result.valid && !duplicates.some((f) => f.severity === "error");
    return { valid, findings, ...(result.type === undefined ? {} : { type: result.type }) };
  };
}
