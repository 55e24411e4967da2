import { joinPointer, splitPointer } from "@keel/schema-model";
import type { CompatReport } from "./compat.js";
import { ruleSpec } from "./rules/index.js";
import type { CompatFinding, Effect, Party } from "./types.js";
import { schemaPrefixes } from "./witness/pointers.js";

export const PARTY_NAMES: Record<Party, string> = {
  oldStrictReader: "old strict reader",
  oldLenientReader: "old lenient reader",
  newReader: "new reader of old data",
};

/** One reader's verdict over every finding: its worst effect, and how many findings say so. */
export interface ReaderVerdict {
  party: Party;
  effect: Effect;
  breaks: number;
  downgrade: number;
  /** with --witness: breaks shown by a witness document */
  witnessed?: number;
}

/** Where many changes sit: the deepest pointer common to the wire findings under one top-level member. */
export interface Place {
  file: string;
  pointer: string;
  findings: number;
  /** for findings spread one per member (a rename of many keys): how many members they are in */
  members?: number;
}

/** What a maintainer reads first: verdict per reader, counts by rule, the top places. */
export interface Summary {
  readers: ReaderVerdict[];
  rules: Array<{ rule: string; count: number }>;
  places: Place[];
}

const PARTIES: Party[] = ["oldStrictReader", "oldLenientReader", "newReader"];

export function summarise(r: CompatReport, top = 5): Summary {
  const wire = r.findings.filter((f) => ruleSpec(f.rule).wire);
  const readers = PARTIES.map((party): ReaderVerdict => {
    const breaks = wire.filter((f) => f.effects[party] === "breaks");
    const downgrade = wire.filter((f) => f.effects[party] === "downgrade").length;
    const v: ReaderVerdict = {
      party,
      effect: breaks.length > 0 ? "breaks" : downgrade > 0 ? "downgrade" : "ok",
      breaks: breaks.length,
      downgrade,
    };
    if (r.witnesses !== undefined) v.witnessed = breaks.filter((f) => f.witness !== undefined).length;
    return v;
  });
  const counts = new Map<string, number>();
  for (const f of r.findings) counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
  const rules = [...counts]
    .map(([rule, count]) => ({ rule, count }))
    .sort((a, b) => b.count - a.count || a.rule.localeCompare(b.rule));
  return { readers, rules, places: places(wire).slice(0, top) };
}

/**
 * Wire findings grouped by file and top-level member (`/properties/x`, `/definitions/y`), each at the
 * deepest subschema its findings share; members with one finding each are counted together under their
 * file's keyword (`/properties`, 90 findings in 90 members), so a rename of many keys reads as one place.
 */
function places(findings: CompatFinding[]): Place[] {
  const groups = new Map<string, { file: string; tokens: string[]; findings: number }>();
  for (const f of findings) {
    const t = f.pointer === "" ? [] : splitPointer(f.pointer);
    const key = `${f.file}#${t.slice(0, 2).join("/")}`;
    const g = groups.get(key);
    if (g === undefined) groups.set(key, { file: f.file, tokens: t, findings: 1 });
    else {
      let i = 0;
      while (i < g.tokens.length && i < t.length && g.tokens[i] === t[i]) i++;
      g.tokens = g.tokens.slice(0, i);
      g.findings++;
    }
  }
  const out: Place[] = [];
  const singles = new Map<string, Place & { only: string }>();
  for (const g of groups.values()) {
    if (g.findings === 1 && g.tokens.length > 1) {
      const key = `${g.file}#${g.tokens[0]}`;
      const p = singles.get(key) ?? {
        file: g.file,
        pointer: joinPointer("", g.tokens[0] as string),
        findings: 0,
        members: 0,
        only: schemaPrefixes(joinPointer("", ...g.tokens)).at(-1) ?? "",
      };
      p.findings++;
      p.members = (p.members ?? 0) + 1;
      singles.set(key, p);
      continue;
    }
    // the deepest subschema the group shares, not a keyword such as `properties` under it
    out.push({
      file: g.file,
      pointer: schemaPrefixes(joinPointer("", ...g.tokens)).at(-1) ?? "",
      findings: g.findings,
    });
  }
  for (const { only, ...p } of singles.values())
    out.push(p.members === 1 ? { file: p.file, pointer: only, findings: 1 } : p);
  return out.sort((a, b) => b.findings - a.findings || a.pointer.localeCompare(b.pointer));
}
