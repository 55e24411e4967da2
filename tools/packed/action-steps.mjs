// The action's `run` steps, run as the Actions runner would in a composite action: `${{ inputs.x }}` (the
// caller's `with:` over the input defaults) substituted into the step's env, the script run by bash in the
// project, GITHUB_OUTPUT a file. The `uses:` steps cannot run here; their `with:` is returned resolved.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

/** Runs every `run` step of `actionFile` in `cwd` with `inputs`; resolves each step's outcome. */
export function runActionSteps(actionFile, inputs, cwd) {
  const action = parse(readFileSync(actionFile, "utf8"));
  const values = {};
  for (const [name, spec] of Object.entries(action.inputs ?? {})) values[name] = spec.default ?? "";
  Object.assign(values, inputs);
  const expand = (text) =>
    String(text).replace(/\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}/g, (_, name) => {
      if (!(name in values)) throw new Error(`action.yml names an undeclared input ${name}`);
      return values[name];
    });
  const outputFile = join(cwd, ".github-output");
  const steps = [];
  for (const step of action.runs.steps) {
    if (step.uses !== undefined) {
      const withs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, expand(v)]));
      steps.push({ uses: step.uses, with: withs });
      continue;
    }
    writeFileSync(outputFile, "");
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(v)]));
    const r = spawnSync(step.shell, ["-e", "-c", step.run], {
      cwd,
      encoding: "utf8",
      env: { ...process.env, ...env, GITHUB_OUTPUT: outputFile },
    });
    steps.push({
      id: step.id,
      status: r.status,
      stdout: r.stdout,
      stderr: r.stderr,
      output: readFileSync(outputFile, "utf8"),
    });
  }
  rmSync(outputFile, { force: true });
  return steps;
}
