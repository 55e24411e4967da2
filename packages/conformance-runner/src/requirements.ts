import { requirements as atif, type Requirement } from "@keel/atif";
import { requirements as mira } from "@keel/mira";
import { requirements as myrmo } from "@keel/myrmo";
import { requirements as slipway } from "@keel/slipway";
import { validatorRequirements } from "./suites/validator/requirements.js";

export type { Requirement };
export type Level = Requirement["level"];

/** Every requirement a suite may cite, by id (the protocols' catalogues, generated from schemas/<p>/requirements.json). */
const byId = new Map<string, Requirement>(
  [...atif, ...mira, ...myrmo, ...slipway, ...validatorRequirements].map((r) => [r.id, r]),
);

export function requirement(id: string): Requirement {
  const r = byId.get(id);
  if (!r)
    throw new Error(`bug: requirement ${id} is not in any catalogue (schemas/<protocol>/requirements.json)`);
  return r;
}

/** Every requirement of one protocol's catalogue. */
export const catalogueOf = (protocol: string): Requirement[] =>
  [...byId.values()].filter((r) => r.id.startsWith(`${protocol}/`));

/**
 * What a failure resting on these requirements is: a `fail` needs a MUST among them (the canonical schema
 * refusing what the implementation sent is a MUST of its own, `<protocol>/…-match-schema`); SHOULD, MAY
 * and keel's own readings give `warn`, which `--strict` fails.
 */
export const severity = (ids: readonly string[]): "fail" | "warn" =>
  ids.some((id) => requirement(id).level === "MUST") ? "fail" : "warn";

/** A cited requirement as reports show it: id, level, and the quote (or keel's reason) with its source. */
export interface Ground {
  id: string;
  level: Level;
  source: string;
  quote?: string;
  reason?: string;
}

export function ground(id: string): Ground {
  const r = requirement(id);
  return {
    id,
    level: r.level,
    source: `${r.source.document} § ${r.source.section}`,
    ...(r.quote ? { quote: r.quote } : {}),
    ...(r.reason ? { reason: r.reason } : {}),
  };
}

/** The distinct sources of some requirements, for a check's `cites` line. */
export const sourcesOf = (ids: readonly string[]): string =>
  [...new Set(ids.map((id) => ground(id).source))].join("; ");

/** A requirement as reports show it, or undefined for an id no catalogue of this keel holds (a report from another version). */
export const findRequirement = (id: string): Ground | undefined => (byId.has(id) ? ground(id) : undefined);
