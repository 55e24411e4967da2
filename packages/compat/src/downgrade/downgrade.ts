import { type ApplyOptions, applyDowngrade, type DowngradePlan, type DowngradeResult } from "@keel/downgrade";
import type { SchemaSet, VersionField } from "@keel/schema-model";
import { fragmentToPointer, getAtPointer, type ProtocolEntry } from "@keel/schema-model";
import { CompatError } from "../errors.js";
import { nodeAt } from "../schema-node.js";
import { fileFor } from "../version-field.js";
import { planDowngrade, protocolRoots } from "./plan.js";

export interface DowngradeOptions extends ApplyOptions {
  /** registry document type name and its entry point ({schema, pointer}) */
  documentType: string;
  entryPoint: { schema: string; pointer: string };
}

/** The version value a downgrade to `older` writes, through the field's template. */
const olderVersionValue = (older: SchemaSet, field: VersionField | null): string =>
  (field?.valueTemplate ?? "{version}").replace("{version}", older.version);

/**
 * Rewrite one document of the newer version so the older one accepts it (see @keel/downgrade): plans the one
 * entry point, then applies the plan. For many documents, plan once with `protocolDowngradePlan`.
 */
export function downgrade(
  document: unknown,
  newer: SchemaSet,
  older: SchemaSet,
  versionField: VersionField | null,
  options: DowngradeOptions,
): DowngradeResult {
  const { documentType, entryPoint, ...apply } = options;
  const at = (set: SchemaSet) => {
    const file = fileFor(set, entryPoint.schema);
    if (file === undefined)
      throw new CompatError(
        "compat/no-schema",
        `expected ${set.protocol} ${set.version} to have ${entryPoint.schema}`,
      );
    const pointer = fragmentToPointer(entryPoint.pointer);
    return nodeAt(set, file, pointer, getAtPointer(file.schema, pointer));
  };
  const versioned = versionField?.documentTypes.includes(documentType) === true;
  const plan = planDowngrade(
    newer,
    older,
    [
      {
        name: documentType,
        older: at(older),
        newer: at(newer),
        ...(versioned
          ? { versionPointers: [versionField.pointer, ...(versionField.nestedPointers ?? [])] }
          : {}),
      },
    ],
    olderVersionValue(older, versionField),
  );
  return applyDowngrade(plan, documentType, document, apply);
}

/** The whole plan from `newer` to `older` for a protocol: every document type and every definition. */
export function protocolDowngradePlan(
  newer: SchemaSet,
  older: SchemaSet,
  entry: ProtocolEntry,
): DowngradePlan {
  return planDowngrade(
    newer,
    older,
    protocolRoots(newer, older, entry),
    olderVersionValue(older, entry.versionField),
  );
}
