import { readFileSync } from "node:fs";

/** The TypeScript source of the downgrade runtime (apply.ts), which keel gen copies into protocol packages. */
export function downgradeRuntimeSource(): string {
  // dist/downgrade/runtime-source.js and src/downgrade/runtime-source.ts both sit two levels under the package
  return readFileSync(new URL("../../src/downgrade/apply.ts", import.meta.url), "utf8");
}
