import type { FileFinding } from "@keel/diagnostics";
import type { EvalProfileDefinition, ExperimentDesign } from "../generated/types.gen.js";
import { runNameFromPath } from "../render/run-name.js";
import { designRules } from "../rules/design.js";
import { issue } from "../rules/finding.js";
import { checkYamlFile } from "./read.js";

const FILE = "experiment_design.yaml";
// YAML 1.1 readers turn unquoted 20260515_130940 into an integer and unquoted timestamps into dates.
const UNQUOTED = /(?:^|[\s[,])(\d{8}_\d{6}|\d{4}-\d{2}-\d{2}T[\d:.]+)(?=[\s,\]]|$)/;

/** experiment_design.yaml: schema, the file rules with the run's graph, and YAML quoting. */
export function lintDesign(dir: string): {
  profiles?: Record<string, EvalProfileDefinition>;
  findings: FileFinding[];
} {
  const checked = checkYamlFile(dir, FILE, "experiment_design");
  const graph = runNameFromPath(dir)?.graph;
  const findings = checked.findings.filter((f) => f.code !== "myloop/design-platform-profiles");
  const doc = checked.doc as ExperimentDesign | undefined;
  if (doc)
    findings.push(
      ...designRules(doc, graph)
        .filter((f) => f.code === "myloop/design-platform-profiles")
        .map((f) => ({ ...f, file: FILE })),
    );
  (checked.text ?? "").split("\n").forEach((line, i) => {
    const m = UNQUOTED.exec(line);
    if (m && !line.trimStart().startsWith("#")) {
      findings.push({
        ...issue("design-yaml-quoting", "warning", `expected a quoted string, found unquoted ${m[1]}`),
        file: FILE,
        line: i + 1,
      });
    }
  });
  return { ...(doc ? { profiles: doc as Record<string, EvalProfileDefinition> } : {}), findings };
}
