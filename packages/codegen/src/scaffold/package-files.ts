import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Registry } from "@keel/schema-model";
import type { GeneratedFile } from "../generated-file.js";
import { packageDir } from "../paths.js";

/**
 * The hand-kept files of a new protocol package `packages/protocol-<p>` (`keel gen` writes
 * `src/generated/`): package.json and tsconfigs shaped like a sibling protocol package's (so packaging
 * fields stay the same across protocols), an index re-exporting the generated API, semantic rules (none
 * yet: the schema is the whole contract until the maintainer writes some), a README.
 */
export function protocolPackageFiles(
  root: string,
  registry: Registry,
  protocol: string,
  title: string,
  documentTypes: readonly string[],
): GeneratedFile[] {
  const dir = packageDir(protocol);
  const sibling = Object.keys(registry.protocols)
    .filter((p) => p !== protocol)
    .map((p) => join(root, packageDir(p)))
    .find((d) => existsSync(join(d, "package.json")));
  const own = new Set(Object.keys(registry.protocols).map((p) => `@keel/${p}`));
  const pkg = sibling === undefined ? FALLBACK_PACKAGE : readJson(join(sibling, "package.json"));
  const dependencies = Object.fromEntries(
    Object.entries((pkg.dependencies ?? {}) as Record<string, string>).filter(([name]) => !own.has(name)),
  );
  const repository = pkg.repository as Record<string, unknown> | undefined;
  const packageJson = {
    ...pkg,
    name: `@keel/${protocol}`,
    // the sibling's fields, but this package's own folder (was the sibling's for every new protocol)
    ...(repository === undefined ? {} : { repository: { ...repository, directory: dir } }),
    version: "0.1.0",
    description: `Validators (ajv, zod), TypeScript types and constants for the ${protocol} protocol, generated from schemas/${protocol}/ by keel gen.`,
    dependencies,
  };
  const tsconfig = (name: string, fallback: object): string =>
    sibling !== undefined && existsSync(join(sibling, name))
      ? readFileSync(join(sibling, name), "utf8")
      : `${JSON.stringify(fallback, null, 2)}\n`;
  return [
    { path: join(dir, "package.json"), content: `${JSON.stringify(packageJson, null, 2)}\n` },
    { path: join(dir, "tsconfig.json"), content: tsconfig("tsconfig.json", TSCONFIG) },
    { path: join(dir, "tsconfig.build.json"), content: tsconfig("tsconfig.build.json", TSCONFIG_BUILD) },
    { path: join(dir, "src", "index.ts"), content: indexSource(title, protocol) },
    { path: join(dir, "src", "rules.ts"), content: rulesSource(documentTypes) },
    { path: join(dir, "src", "checks.ts"), content: CHECKS_SOURCE },
    { path: join(dir, "README.md"), content: readme(title, protocol) },
  ];
}

const indexSource = (title: string, protocol: string): string =>
  `// The ${title} package's public API, by name. Everything under ./generated is written by \`keel gen\`;
// generated/exports.gen.ts names the generated API (document types, their validate/parse functions,
// types, zod schemas, constants) and \`keel gen --check\` keeps it complete, so it is the one barrel
// re-exported whole. Types and zod schemas are also reachable through "@keel/${protocol}/types" and
// "@keel/${protocol}/zod".
export * from "./generated/exports.gen.js";
export { semanticRules } from "./rules.js";
`;

// `keel validate` loads this entry ("./checks") for the ajv engine, so a run does not load zod
const CHECKS_SOURCE = `// The part of the package \`keel validate\` loads for the ajv engine: each document type's ajv check and the
// semantic rules, without zod (zod and the package's zod schemas load in ≈ 0.1 s, most of a run's start-up).
export { ajvChecks, ajvVerdicts } from "./generated/checks.gen.js";
export { semanticRules } from "./rules.js";
`;

const rulesSource = (types: readonly string[]): string =>
  `import type { Finding } from "@keel/diagnostics";

/**
 * Semantic rules per document type, applied after a document passed its schema (keel validate, the
 * conformance runner): what the specification requires that the schema cannot say. None yet.
 */
export const semanticRules: Readonly<Record<string, (document: unknown) => Finding[]>> = {
${types.map((t) => `  ${t}: () => [],`).join("\n")}
};
`;

const readme = (title: string, protocol: string): string =>
  `# @keel/${protocol}

The ${title} package: validators and types for the ${title} protocol.

\`src/generated/\` is written by \`keel gen\` from \`schemas/${protocol}/\` (do not edit; \`pnpm keel gen --check\`
guards it): ajv standalone validators (the reference verdict), zod schemas (\`XxxSchema\`), TypeScript
types, the registry entry and schemas as constants, \`validate<Type>\` / \`parse<Type>\` per document type,
and \`exports.gen.ts\`, the generated public API by name that \`src/index.ts\` re-exports. Hand-written here:
\`src/rules.ts\`, the semantic rules per document type (none yet), and \`src/checks.ts\`, the zod-free entry
(\`@keel/${protocol}/checks\`: ajv checks and rules) that \`keel validate\` loads for the ajv engine.

**May import:** \`@keel/diagnostics\`, \`@keel/downgrade\`, \`@keel/zod-runtime\` and other protocol packages — never codegen, compat or the cli.
`;

const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;

const TSCONFIG = {
  extends: "../../tsconfig.base.json",
  compilerOptions: { noEmit: true },
  include: ["src", "test"],
};
const TSCONFIG_BUILD = {
  extends: "../../tsconfig.base.json",
  compilerOptions: { rootDir: "src", outDir: "dist" },
  include: ["src"],
  exclude: ["src/**/*.test.ts"],
};
/** Used only when no sibling protocol package exists to copy the shape from. */
const FALLBACK_PACKAGE: Record<string, unknown> = {
  private: true,
  type: "module",
  exports: {
    ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
    "./checks": { types: "./dist/checks.d.ts", default: "./dist/checks.js" },
    "./zod": { types: "./dist/generated/zod.gen.d.ts", default: "./dist/generated/zod.gen.js" },
    "./types": { types: "./dist/generated/types.gen.d.ts", default: "./dist/generated/types.gen.js" },
  },
  files: ["dist"],
  scripts: { build: "tsc -p tsconfig.build.json", typecheck: "tsc -p tsconfig.json" },
  dependencies: {
    "@keel/diagnostics": "workspace:*",
    "@keel/downgrade": "workspace:*",
    "@keel/zod-runtime": "workspace:*",
    ajv: "8.20.0",
    "ajv-formats": "3.0.1",
    zod: "4.6.7",
  },
};
