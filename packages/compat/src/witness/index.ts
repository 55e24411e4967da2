import type { Compared, CompatReport } from "../compat.js";
import { loadFaker } from "./faker.js";
import { breaksAReader, type WitnessOptions, witnessFindings } from "./witness.js";

export interface WitnessRequest extends WitnessOptions {
  /** count only witnessed breaks toward the verdict (a maintainer accepting the risk of unwitnessed ones) */
  witnessedOnly?: boolean;
}

/**
 * `keel compat --witness`: search a witness document for every finding that says a reader breaks, and
 * summarise. The verdict is unchanged unless `witnessedOnly`, which leaves unwitnessed breaks out of it.
 */
export async function addWitnesses(c: Compared, o: WitnessRequest = {}): Promise<CompatReport> {
  const gen = await loadFaker();
  const start = performance.now();
  witnessFindings(gen, c.older, c.newer, c.report.findings, {
    ...(c.roots === undefined ? {} : { roots: c.roots }),
    ...o,
  });
  const searched = c.report.findings.filter(breaksAReader);
  const r = c.report;
  r.witnesses = {
    searched: searched.length,
    witnessed: searched.filter((f) => f.witness !== undefined).length,
    unwitnessed: searched.filter((f) => f.unwitnessed !== undefined).length,
    ms: Math.round(performance.now() - start),
    witnessedOnly: o.witnessedOnly === true,
  };
  if (o.witnessedOnly === true && r.bump !== null) {
    const counted = r.findings.filter((f) => f.severity === "error" && f.unwitnessed === undefined);
    r.verdict = counted.length > 0 ? "breaking" : "fits";
  }
  return r;
}
