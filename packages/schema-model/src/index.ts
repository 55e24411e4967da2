export type { Draft } from "./ajv.js";
export { AJV_OPTIONS, createAjv, DRAFTS, draftOf, refHidesSiblings } from "./ajv.js";
export { schemaModelCodes } from "./codes.js";
export type { CompiledProtocol } from "./compile.js";
export { compileSchemaSet } from "./compile.js";
export type { SourceDocument } from "./documents.js";
export { fileKindOf, parseDocuments, readDocuments } from "./documents.js";
export { draft04To07 } from "./draft-04.js";
export type { DuplicateKey } from "./duplicate-keys.js";
export { duplicateKeys } from "./duplicate-keys.js";
export { SchemaLoadError } from "./errors.js";
export type { ExampleFile } from "./examples.js";
export { listExamples } from "./examples.js";
export type { Fixture, FixtureCounts, FixtureEntry, FixtureManifest } from "./fixtures.js";
export { fixturesDir, parseFixtureManifest, readFixtures } from "./fixtures.js";
export { sha256File } from "./hash.js";
export { checkRegistry } from "./integrity.js";
export { checkMetaschema } from "./metaschema.js";
export type { Nullable } from "./normalise.js";
export { liftNullable } from "./normalise.js";
export {
  escapeToken,
  fragmentToPointer,
  getAtPointer,
  joinPointer,
  splitPointer,
  unescapeToken,
} from "./pointer.js";
export { parseJsonText, parseYamlText, readJson, readText, readYaml } from "./read-file.js";
export type { ReferencedFile, RefResolver, RefSources } from "./ref-sources.js";
export { referencedFiles, refResolver, refSourcesHint } from "./ref-sources.js";
export { loadRegistry, protocolEntry, protocolNames, registryFile, registrySchemaFile } from "./registry.js";
export { cliFacts, colonyFacts, colonyRoute, documentConsumer } from "./registry-facts.js";
export type {
  CliFacts,
  ColonyFacts,
  CommandFacts,
  ConsumerModel,
  DocumentTypeEntry,
  ErrorCodeFacts,
  FileKind,
  ProtocolEntry,
  Registry,
  ReleasedVersion,
  RouteFacts,
  VersionField,
  VersionPolicy,
} from "./registry-types.js";
export { checkoutRoot, findRoot, isCheckout, protocolDir, releasedDir, schemasDir } from "./root.js";
export type { Resolved, SchemaFile } from "./schema-set.js";
export {
  defaultSchemaId,
  loadProtocolFiles,
  loadSchemaFile,
  loadSchemaSet,
  SchemaSet,
} from "./schema-set.js";
export type { SourcePosition } from "./source-position.js";
export { locatePointers } from "./source-position.js";
export { locateYamlPointers } from "./source-position-yaml.js";
export type { ExampleResult } from "./validate-examples.js";
export { validateExamples } from "./validate-examples.js";
export { isDateVersion, isVersion, VERSION_PATTERN } from "./version-rule.js";
export type { Schema, SchemaObject, Visit } from "./walk.js";
export { walk } from "./walk.js";
