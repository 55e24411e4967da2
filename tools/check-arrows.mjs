#!/usr/bin/env node
// Fails when a package depends on (or imports) a @keel package that DESIGN.md's arrows forbid, imports
// one it does not declare (source files: in dependencies; tests: in any), or when package dependencies
// form a cycle. A devDependency may also be one of TEST_ALLOWED. File-level cycles are Biome's job
// (lint/suspicious/noImportCycles).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ALLOWED, TEST_ALLOWED } from "./arrows.mjs";

// Packages are known by their folder (packages/protocol-atif publishes @keel/atif).
const kind = (name) => (name.startsWith("protocol-") ? "protocol-*" : name);

export function readPackages(root) {
  const dirs = [
    ...readdirSync(join(root, "packages")).map((d) => join(root, "packages", d)),
    join(root, "tools"),
  ];
  const manifests = dirs
    .filter((dir) => existsSync(join(dir, "package.json")))
    .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) }));
  const folderOf = new Map(manifests.map(({ dir, pkg }) => [pkg.name, basename(dir)]));
  const folder = (pkgName) => folderOf.get(pkgName) ?? pkgName.replace(/^@keel\//, "");
  return manifests.map(({ dir, pkg }) => {
    const keel = (o) =>
      Object.keys(o ?? {})
        .filter((d) => d.startsWith("@keel/"))
        .map(folder);
    const runtime = keel({ ...pkg.dependencies, ...pkg.peerDependencies });
    const dev = keel(pkg.devDependencies).filter((d) => !runtime.includes(d));
    const imports = [...importsOf(join(dir, "src")), ...importsOf(join(dir, "test"))].map(
      ({ file, target }) => ({
        file,
        target: folder(`@keel/${target}`),
        test: file.endsWith(".test.ts") || relative(dir, file).startsWith("test"),
      }),
    );
    return { dir, name: basename(dir), deps: [...runtime, ...dev], runtime, dev, imports };
  });
}

function importsOf(dir) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ts|mts|js|mjs)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    for (const m of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*["']@keel\/([a-z0-9-]+)/g))
      found.push({ file, target: m[1] });
  }
  return found;
}

export function checkArrows(root) {
  const packages = readPackages(root);
  const problems = [];
  for (const p of packages) {
    const allowed = ALLOWED[kind(p.name)];
    if (allowed === undefined) {
      problems.push(`packages: ${p.name} has no entry in tools/arrows.mjs; add its allowed dependencies`);
      continue;
    }
    const forTests = [...allowed, ...(TEST_ALLOWED[kind(p.name)] ?? [])];
    for (const dep of p.deps) {
      const ok = p.runtime.includes(dep) ? allowed : forTests;
      if (dep === "cli" && p.name !== "tools")
        problems.push(`${p.name} depends on cli, and nothing may import cli`);
      else if (!ok.includes("*") && !ok.includes(kind(dep)))
        problems.push(`${p.name} depends on ${dep}; allowed: ${ok.join(", ") || "no @keel package"}`);
    }
    for (const { file, target, test } of p.imports) {
      if (target === p.name || (test ? p.deps : p.runtime).includes(target)) continue;
      const declared = p.deps.includes(target) ? "declares only as a devDependency" : "does not declare";
      problems.push(
        `${relative(root, file)} imports @keel/${target}, which ${p.name}/package.json ${declared}`,
      );
    }
  }
  const cycle = findCycle(packages);
  if (cycle) problems.push(`package dependency cycle: ${cycle.join(" → ")}`);
  return problems;
}

function findCycle(packages) {
  const deps = new Map(packages.map((p) => [p.name, p.deps]));
  const state = new Map();
  const stack = [];
  const visit = (name) => {
    if (state.get(name) === "done") return undefined;
    if (state.get(name) === "active") return [...stack.slice(stack.indexOf(name)), name];
    state.set(name, "active");
    stack.push(name);
    for (const d of deps.get(name) ?? []) {
      const c = visit(d);
      if (c) return c;
    }
    stack.pop();
    state.set(name, "done");
    return undefined;
  };
  for (const p of packages) {
    const c = visit(p.name);
    if (c) return c;
  }
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkArrows(join(dirname(fileURLToPath(import.meta.url)), ".."));
  for (const p of problems) process.stderr.write(`check-arrows: ${p}\n`);
  if (problems.length === 0)
    process.stdout.write("check-arrows: every package dependency points the way DESIGN.md allows\n");
  process.exit(problems.length === 0 ? 0 : 1);
}
