import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CompatReport } from "./compat.js";
import { ruleSpec } from "./rules/index.js";

/** The npm name of a protocol's package: from packages/protocol-<p>/package.json, else @keel/<p>. */
export function protocolPackageName(root: string, protocol: string): string {
  const file = join(root, "packages", `protocol-${protocol}`, "package.json");
  if (!existsSync(file)) return `@keel/${protocol}`;
  return (JSON.parse(readFileSync(file, "utf8")) as { name: string }).name;
}

/** A changeset (.changeset/*.md) for the protocol package: the bump, and the changes the gate found. */
export function changesetText(
  pkg: string,
  report: CompatReport,
  version: string,
  bump: "minor" | "major",
): string {
  const wire = report.findings.filter((f) => ruleSpec(f.rule).wire);
  const other = report.findings.length - wire.length;
  const lines = wire.map((f) => {
    const need = f.severity === "warning" ? ` (old ${report.consumer} readers need a downgrade)` : "";
    return `- \`${f.rule}\` at \`${f.file}#${f.pointer}\`: ${f.message}${need}`;
  });
  const tail = other > 0 ? [`- and ${other} annotation change(s) (descriptions, defaults, definitions)`] : [];
  return [
    "---",
    `"${pkg}": ${bump}`,
    "---",
    "",
    `${report.protocol} ${version} (${bump} from ${report.from}; policy ${report.policy}, ${report.consumer} consumers): ${wire.length} wire change(s).`,
    "",
    ...lines,
    ...tail,
    "",
  ].join("\n");
}
