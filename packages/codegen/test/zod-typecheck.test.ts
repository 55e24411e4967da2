import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { expect, test } from "vitest";
import { generateAll } from "./zod-support.js";

const tsc = join(import.meta.dirname, "..", "node_modules", ".bin", "tsc");

test("the generated modules type-check, and no schema (recursion included) infers any", () => {
  const { modules, dir } = generateAll("typecheck");
  const lines = ['import type { z } from "zod";', "type IsAny<T> = 0 extends 1 & T ? true : false;"];
  const exports: string[] = [];
  for (const m of modules) {
    const alias = `M_${m.protocol.replace(/\W/g, "_")}`;
    lines.push(`import type * as ${alias} from "./${m.protocol}.js";`);
    for (const [, name] of m.source.matchAll(/^export const (\w+Schema) =/gm)) {
      exports.push(`${alias}.${name}`);
      lines.push(`export const ${alias}_${name}: IsAny<z.infer<typeof ${alias}.${name}>> = false;`);
    }
  }
  // ATIF's Trajectory embeds Trajectories: the element type must be Trajectory itself, not any or unknown
  lines.push(
    "type Trajectory = z.infer<typeof M_atif.TrajectorySchema>;",
    'type Subagent = NonNullable<Trajectory["subagent_trajectories"]>[number];',
    "type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;",
    "export const recursive: Same<Subagent, Trajectory> = true;",
    'export const notAny: IsAny<NonNullable<Subagent["subagent_trajectories"]>[number]["steps"]> = false;',
  );
  writeFileSync(join(dir, "check.ts"), `${lines.join("\n")}\n`);
  const files = ["check.ts", ...modules.map((m) => basename(m.path))];
  const tsconfig = { extends: "../../../../../tsconfig.base.json", compilerOptions: { noEmit: true }, files };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  expect(exports.length).toBeGreaterThan(100);
  let output = "";
  try {
    execFileSync(tsc, ["-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output).toBe("");
});
