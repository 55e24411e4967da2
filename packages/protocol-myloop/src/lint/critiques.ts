import type { FileFinding } from "@keel/diagnostics";
import type { Critique, Spec } from "../generated/types.gen.js";
import { issue } from "../rules/finding.js";
import type { RunContext } from "./context.js";
import { checkJsonFile } from "./read.js";

const NAME = /^critique_(.+?)(_round_1)?\.json$/;

/** Every `critique_*.json` of a committed folder: schema + rules, then the folder-level critique rules. */
export function lintCritiques(
  ctx: RunContext,
  rel: string,
  names: readonly string[],
  spec: Spec | undefined,
): { findings: FileFinding[]; byFile: Map<string, Critique> } {
  const findings: FileFinding[] = [];
  const byFile = new Map<string, Critique>();
  const n = Number(rel.replace(/^.*iter_/, ""));
  for (const name of names.filter((x) => NAME.test(x)).sort()) {
    const file = `${rel}/${name}`;
    const checked = checkJsonFile(ctx.dir, file, "critique");
    findings.push(...checked.findings);
    const doc = checked.doc as Critique | undefined;
    if (!doc) continue;
    byFile.set(name, doc);
    const add = (rule: string, message: string, pointer = ""): void => {
      findings.push({ ...issue(rule, "error", message, pointer), file });
    };
    const [, nameId, round1] = NAME.exec(name) as RegExpExecArray;
    const entry = spec?.specs.find((s) => s.spec_id === doc.spec_id);
    if (doc.spec_id !== nameId || doc.iter !== n || (spec && !entry)) {
      add(
        "critique-file-name",
        `expected spec_id ${nameId} of spec.json and iter ${n}, found ${doc.spec_id} and iter ${doc.iter}`,
        "/spec_id",
      );
    }
    if (ctx.critiqueIds.has(doc.critique_id))
      add(
        "critique-id-unique",
        `expected a unique critique_id, found ${doc.critique_id} again`,
        "/critique_id",
      );
    ctx.critiqueIds.add(doc.critique_id);
    if (entry && entry.patch === null)
      add("critique-patch", `expected no critique for no-patch spec ${doc.spec_id}, found one`);
    if (round1 && (doc.critic_round !== 1 || !["REVISE", "BLOCK"].includes(doc.verdict))) {
      add(
        "critique-rounds",
        `expected a round_1 file with round 1 and verdict REVISE or BLOCK, found round ${doc.critic_round} ${doc.verdict}`,
        "/critic_round",
      );
    }
    if (!round1 && doc.critic_round === 2 && !names.includes(`critique_${doc.spec_id}_round_1.json`)) {
      add(
        "critique-rounds",
        `expected critique_${doc.spec_id}_round_1.json for a round-2 critique, found none`,
        "/critic_round",
      );
    }
    doc.predicted_failure_modes.forEach((mode, i) => {
      (mode.reference_experience_ids ?? []).forEach((id, k) => {
        const iter = ctx.experience.get(id);
        if (iter === undefined || iter >= doc.iter) {
          add(
            "critique-references-exist",
            `expected ${id} in experience.jsonl from an iteration before ${doc.iter}, found ${iter === undefined ? "no such entry" : `iter_${iter}`}`,
            `/predicted_failure_modes/${i}/reference_experience_ids/${k}`,
          );
        }
      });
    });
  }
  for (const [name, doc] of byFile) {
    const round1 = byFile.get(`critique_${doc.spec_id}_round_1.json`);
    if (!name.endsWith("_round_1.json") && round1 && doc.critic_round !== 2) {
      findings.push({
        ...issue(
          "critique-rounds",
          "error",
          `expected critic_round 2 after a round-1 ${round1.verdict}, found ${doc.critic_round}`,
          "/critic_round",
        ),
        file: `${rel}/${name}`,
      });
    }
  }
  return { findings, byFile };
}
