import type { Finding } from "@keel/diagnostics";

/**
 * The three readers every change is judged for: an old reader that validates new data against the old
 * schema exactly (strict: unknown fields rejected where the schema closes an object), an old reader that
 * ignores unknown fields (lenient), and a new reader validating old data against the new schema.
 */
export type Party = "oldStrictReader" | "oldLenientReader" | "newReader";

/** ok: unaffected; downgrade: works only once the producer downgrades the document; breaks: rejects it. */
export type Effect = "ok" | "downgrade" | "breaks";

export type Effects = Record<Party, Effect>;

/** How far a version moves: none (same version), a minor or a major. */
export type Bump = "none" | "minor" | "major";

export const BUMPS: readonly Bump[] = ["none", "minor", "major"];

export const bumpRank = (bump: Bump): number => BUMPS.indexOf(bump);

/** One change between two schema versions, as data. `pointer` locates it in the newer schema file. */
export interface CompatFinding extends Finding {
  /** the stable rule id; `code` is `compat/<rule>` */
  rule: string;
  /** schema file (by name) the pointer is in */
  file: string;
  /** where the same thing sits in the older schema, when that differs or only the older has it */
  fromPointer?: string;
  effects: Effects;
  /** the smallest bump this change needs under the protocol's version policy */
  requires: Bump;
  /** the value an enum gained or lost (enum-value-added, enum-value-removed) */
  value?: unknown;
  /** `--witness`: a document that shows a reader this finding says breaks does break */
  witness?: Witness;
  /** `--witness`: none was found within the time allowed (the finding still counts unless --witnessed-only) */
  unwitnessed?: Unwitnessed;
}

/** A document valid under one version that a reader of the other refuses, at the finding's place. */
export interface Witness {
  document: unknown;
  /** the document root's schema pointer (both versions validate the whole document there); "" is the file's root */
  at: string;
  /** where in the document the refusing reader fails (a JSON Pointer into the document) */
  path: string;
  /** the version whose schema accepts it */
  validUnder: "old" | "new";
  /** the reader that refuses it */
  refusedBy: Party;
  /** documents tried for this finding */
  tried: number;
  ms: number;
}

export interface Unwitnessed {
  tried: number;
  ms: number;
  /** why none was found, when known */
  reason?: string;
  /** true: the reason says why no document can show it (validation cannot observe the rule, or the rule is conservative here), not that the search gave up */
  explained?: boolean;
}
