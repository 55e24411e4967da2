import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * @keel/validate loads a protocol's package by the registry's name (`@keel/<p>`), so it depends on every
 * protocol package: add the new one (sorted, as pnpm writes them). Returns the file written, if any.
 */
export function wireValidatePackage(root: string, protocol: string): string | undefined {
  const path = join("packages", "validate", "package.json");
  if (!existsSync(join(root, path))) return undefined;
  const pkg = JSON.parse(readFileSync(join(root, path), "utf8")) as { dependencies?: Record<string, string> };
  const deps = { ...(pkg.dependencies ?? {}), [`@keel/${protocol}`]: "workspace:*" };
  pkg.dependencies = Object.fromEntries(
    Object.entries(deps).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  writeFileSync(join(root, path), `${JSON.stringify(pkg, null, 2)}\n`);
  return path;
}
