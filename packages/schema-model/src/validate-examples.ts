import { type FileFinding, schemaErrorsToFindings } from "@keel/diagnostics";
import { compileSchemaSet } from "./compile.js";
import { readDocuments } from "./documents.js";
import { listExamples } from "./examples.js";
import { protocolEntry } from "./registry.js";
import type { Registry } from "./registry-types.js";
import { loadSchemaSet } from "./schema-set.js";

export interface ExampleResult {
  protocol: string;
  documentType: string;
  file: string;
  documents: number;
  findings: FileFinding[];
}

/** Validate every example of a protocol against its document type's schema in the working tree. */
export function validateExamples(root: string, registry: Registry, protocol: string): ExampleResult[] {
  const compiled = compileSchemaSet(registry, loadSchemaSet(root, registry, protocol));
  const types = protocolEntry(registry, protocol).documentTypes;
  const results: ExampleResult[] = [];
  for (const example of listExamples(root, registry, protocol)) {
    if (types[example.documentType] === undefined) continue; // checkRegistry reports these
    const validate = compiled.validator(example.documentType);
    const documents = readDocuments(example.path);
    const findings: FileFinding[] = [];
    for (const doc of documents) {
      if (validate(doc.value)) continue;
      for (const f of schemaErrorsToFindings(validate.errors, doc.value))
        findings.push({ file: example.display, line: doc.line, ...f });
    }
    results.push({
      protocol,
      documentType: example.documentType,
      file: example.display,
      documents: documents.length,
      findings,
    });
  }
  return results;
}
