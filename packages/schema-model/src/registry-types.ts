/** The shape of schemas/registry.json (validated against schemas/registry.schema.json on load). */

export type ConsumerModel = "strict" | "lenient";
export type VersionPolicy = "minor-adds-optional" | "additive-minor" | "contract-bump";
export type FileKind = "json" | "jsonl" | "yaml" | "markdown";

export interface DocumentTypeEntry {
  /** schema file name inside schemas/<protocol>/ */
  schema: string;
  /** URI fragment of the document's schema inside that file, "#" for the root */
  pointer: string;
  fileKinds: FileKind[];
  summary: string;
  /** false when the type overlaps others and is only used when named explicitly */
  autoDetect?: boolean;
  /** the role that writes the document (agent, colony, host, slipway, study, …) */
  sender?: string;
  /** how a reader treats unknown fields in this type; absent: the protocol's consumer */
  consumer?: ConsumerModel;
}

export interface VersionField {
  /** JSON Pointer of the version inside a document */
  pointer: string;
  documentTypes: string[];
  pattern?: string;
  /** how a version is written on the wire, e.g. "ATIF-v{version}" (default: the version itself) */
  valueTemplate?: string;
  /** false when a document may omit its version */
  required?: boolean;
  /** the version an unversioned document is read as */
  default?: string;
  /** further places a document carries a version ("*" = every array item) */
  nestedPointers?: string[];
}

export interface ReleasedVersion {
  version: string;
  /** schema file name → sha256 (hex) of its frozen copy in released/<version>/ */
  files: Record<string, string>;
}

export interface ProtocolEntry {
  title: string;
  summary: string;
  /** the source specification (a file under ../shared/seeds/), when there is one */
  seed?: string;
  reference: string | null;
  version: string;
  consumer: ConsumerModel;
  /** never-sent: producers send no undeclared names, so keel compat's open-content findings are waived */
  undeclaredNames?: "may-be-sent" | "never-sent";
  versionPolicy: VersionPolicy;
  versionField: VersionField | null;
  schemas: string[];
  fileKinds: FileKind[];
  documentTypes: Record<string, DocumentTypeEntry>;
  released: ReleasedVersion[];
  /** other protocols whose schemas this one $refs (Mira → ATIF) */
  references: string[];
  /** protocol-specific facts other packages read (capabilities, file names, …) */
  facts: Record<string, unknown>;
  /** verdicts where the generated zod knowingly differs from ajv; the equivalence tests accept exactly these */
  zodKnownDifferences?: { case: string; ajv: boolean; why: string }[];
  /** definition name → why its quicktype type is knowingly wider than zod's inferred one */
  typesWiderThanParsed?: Record<string, string>;
}

export interface Registry {
  protocols: Record<string, ProtocolEntry>;
}

/** A route of an HTTP service of the protocol (registry facts.colony.routes). */
export interface RouteFacts {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** `{name}` segments are path parameters */
  path: string;
  name: string;
  /** document type of the request body, null for none */
  request: string | null;
  /** JSON Pointers the request type requires but this route lets the body omit */
  requestOptional?: string[];
  success: { status: number; documentType: string | null; maxItems?: number; order?: string };
  /** error codes the route answers, each in ColonyFacts.errors.codes */
  errors: string[];
  /** a server may leave the route out (answering 404) */
  optional?: boolean;
}

export interface ErrorCodeFacts {
  status: number;
  summary: string;
  /** the answer must list 1..detailsMax details */
  details?: boolean;
}

/** What a Myrmo colony serves (registry facts.colony). */
export interface ColonyFacts {
  basePath: string;
  mediaType: string;
  bodyLimitBytes: number;
  routes: RouteFacts[];
  errors: { documentType: string; detailsMax: number; codes: Record<string, ErrorCodeFacts> };
  rateLimit: { headers: string[]; everyResponse: boolean; retryAfter: string; retryStatuses: number[] };
  agentHeader?: { name: string; pattern: string; required: boolean };
  trailStatuses?: string[];
}

export interface CommandFacts {
  /** subcommand words after the program name */
  argv: string[];
  /** document type written on stdout on success */
  stdout: string;
  /** which flags or arguments select this answer when a command has several (prose) */
  when?: string;
  /** the same, as data: flags all present, flags all absent, a run id argument present or not */
  select?: { flags?: string[]; absentFlags?: string[]; runId?: boolean };
  /** flag → document type of the file or stdin it names */
  inputs?: Record<string, string>;
}

/** What a protocol's CLI answers (registry facts.commands; slipway). */
export interface CliFacts {
  program: string;
  success: { exitCode: number; stream: "stdout" | "stderr" };
  error: { stream: "stdout" | "stderr"; documentType: string; stdout: "empty" | "any"; exitCodes: number[] };
  list: CommandFacts[];
}
