import { documentTypes as atif } from "@keel/atif";
import type { Engine, ValidationResult } from "@keel/diagnostics";
import { documentTypes as mira } from "@keel/mira";
import { documentTypes as myloop } from "@keel/myloop";
import { documentTypes as myrmo } from "@keel/myrmo";
import { documentTypes as slipway } from "@keel/slipway";

export interface DocumentTypeApi {
  validate(document: unknown, engine?: Engine): ValidationResult;
  parse(document: unknown): unknown;
}

/** Each protocol package's document-type table, by protocol name (as in schemas/registry.json). */
export const protocolApis: Readonly<Record<string, Readonly<Record<string, DocumentTypeApi>>>> = {
  atif,
  mira,
  myloop,
  myrmo,
  slipway,
};
