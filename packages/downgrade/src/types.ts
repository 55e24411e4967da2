import type { Finding } from "@keel/diagnostics";

/**
 * What a downgrade needs to know about one place of the older schema, with the newer version's facts
 * about the same place baked in (compat's planner writes it). Nodes refer to each other by index, so
 * recursion is a cycle.
 */
export interface PlanNode {
  /** JSON types the older version allows here ("null" included when nullable); absent: any */
  types?: string[];
  /** the older version's const/enum values */
  values?: unknown[];
  pattern?: string;
  props?: Record<string, number>;
  patternProps?: Array<[string, number]>;
  additional?: number;
  closed?: boolean;
  required?: string[];
  /** properties the newer version names here and the older does not: stripped even from open objects */
  newer?: string[];
  /** values for required properties: the newer version's default, else the older's */
  defaults?: Record<string, unknown>;
  /** a `false` schema: the older version admits no value here */
  never?: boolean;
  prefix?: number[];
  items?: number;
  /** a tuple that admits nothing after its `prefix` items */
  closedItems?: boolean;
  allOf?: number[];
  /** anyOf and oneOf alternatives: the best-fitting one of each list applies */
  choices?: number[][];
  /** if/then/else: `whenTrue` applies when the value fits `test`, else `whenFalse` */
  cond?: { test: number; whenTrue?: number; whenFalse?: number };
}

export interface DowngradePlan {
  /** the version a downgrade produces and the one it reads */
  to: string;
  from: string;
  nodes: PlanNode[];
  /** document type or definition name → its node */
  roots: Record<string, number>;
  /** per document type, the version field's pointers ("*" = every array item) */
  versionPointers: Record<string, string[]>;
  /** the value written there */
  versionValue: string;
}

/** One thing a downgrade did to the document. */
export interface DowngradeChange {
  action: "stripped" | "filled" | "version-set";
  /** JSON Pointer into the document */
  pointer: string;
  detail: string;
}

export interface DowngradeResult {
  document: unknown;
  changes: DowngradeChange[];
  /** what it could not do: the result then does not validate against the older version */
  problems: Finding[];
}

/** Asked for a required property the document lacks; returns its value, or undefined to fall back. */
export interface FillRequest {
  /** pointer of the object missing the property */
  pointer: string;
  property: string;
  /** the object as it was in the newer document (before stripping), e.g. to project a trajectory */
  original: Record<string, unknown>;
}

export interface ApplyOptions {
  /**
   * protocol-specific projection, asked for every property the older version names and the document
   * lacks; undefined leaves an optional one absent and fills a required one from the defaults
   */
  fill?: (request: FillRequest) => unknown;
  /** the version value to write instead of the plan's */
  versionValue?: string;
  /** false: leave version fields as they are (e.g. a Mira result that does not answer `initialize`) */
  setVersion?: boolean;
}
