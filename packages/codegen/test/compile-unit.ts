import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { NameTable } from "../src/names.js";
import { generateTypeChecksModule } from "../src/type-checks.js";
import { generateTypesModule } from "../src/types/index.js";
import { generateZodModule } from "../src/zod/index.js";
import { unitProtocol } from "./unit-protocol.js";

const tsc = join(import.meta.dirname, "..", "node_modules", ".bin", "tsc");
const out = join(import.meta.dirname, ".zod-out");

/**
 * A one-file protocol's types, zod schemas and type-level agreement check, as `keel gen` writes them into
 * a protocol package, compiled with `tsc` beside `extra` (a check.ts of the test's own). Returns tsc's
 * output ("" when it compiles) and the generated sources, for the test's message.
 */
export async function compileUnit(
  name: string,
  definitions: Record<string, unknown>,
  documentTypes: string[],
  extra = "",
  draft: "draft-07" | "2020-12" = "draft-07",
): Promise<{ errors: string; types: string; zod: string }> {
  const { set, registry } = unitProtocol(definitions, { draft, documentTypes });
  const names = new NameTable(registry, set);
  const dir = join(out, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const types = await generateTypesModule(registry, set);
  const zod = generateZodModule(registry, set, names, { typesModule: "./types.gen.js" });
  writeFileSync(join(dir, "types.gen.ts"), types);
  writeFileSync(join(dir, "zod.gen.ts"), zod);
  writeFileSync(join(dir, "type-checks.gen.ts"), generateTypeChecksModule(registry, set, names));
  writeFileSync(join(dir, "check.ts"), `${extra}\nexport {};\n`);
  const tsconfig = {
    extends: "../../../../../tsconfig.base.json",
    compilerOptions: { noEmit: true },
    files: ["types.gen.ts", "zod.gen.ts", "type-checks.gen.ts", "check.ts"],
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  let errors = "";
  try {
    execFileSync(tsc, ["-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
  } catch (error) {
    errors = String((error as { stdout?: string }).stdout ?? error);
  }
  return { errors, types, zod };
}

export const removeCompiled = (name: string): void =>
  rmSync(join(out, name), { recursive: true, force: true });
