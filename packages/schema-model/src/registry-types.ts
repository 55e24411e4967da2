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
  seed: string;
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
}

export interface Registry {
  protocols: Record<string, ProtocolEntry>;
}
