#!/usr/bin/env node
// Fails when a package depends on (or imports) a @keel package that ARCHITECTURE.md's arrows forbid, imports
// one it does not declare (source files: in dependencies, or a devDependency of DEV_AT_RUN_TIME; tests: in
// any; a devDependency may also be one of TEST_ALLOWED), when package dependencies form a cycle, or when files of one package's src import
// each other in a circle. Biome's noImportCycles checks files too, but skips `import type`: a type-only
// circle still ties the modules into one knot, so it is found here.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ALLOWED, DEV_AT_RUN_TIME, TEST_ALLOWED } from "./arrows.mjs";

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
    const atRunTime = [
      ...p.runtime,
      ...(DEV_AT_RUN_TIME[kind(p.name)] ?? []).filter((d) => p.dev.includes(d)),
    ];
    for (const { file, target, test } of p.imports) {
      if (target === p.name || (test ? p.deps : atRunTime).includes(target)) continue;
      const declared = p.deps.includes(target) ? "declares only as a devDependency" : "does not declare";
      problems.push(
        `${relative(root, file)} imports @keel/${target}, which ${p.name}/package.json ${declared}`,
      );
    }
  }
  const cycle = findCycle(packages);
  if (cycle) problems.push(`package dependency cycle: ${cycle.join(" → ")}`);
  for (const p of packages) {
    const src = join(p.dir, "src");
    for (const c of fileCycles(src))
      problems.push(`import cycle in ${relative(root, src)}: ${c.map((f) => relative(src, f)).join(" → ")}`);
  }
  return problems;
}

const SOURCE = /\.(ts|mts|tsx|js|mjs)$/;

/** Every source file under `dir` and the files of the same folder tree it imports, `import type` included. */
function fileGraph(dir) {
  if (!existsSync(dir)) return new Map();
  const files = readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => join(e.parentPath, e.name));
  const known = new Set(files);
  // TypeScript's NodeNext imports name the emitted file (`./x.js` for `x.ts`)
  const target = (from, spec) => {
    const path = resolve(dirname(from), spec);
    const stem = path.replace(/\.(js|mjs|ts|mts)$/, "");
    const ext = path.endsWith(".mjs") || path.endsWith(".mts") ? ["mts", "mjs"] : ["ts", "tsx", "js"];
    return [path, ...ext.map((e) => `${stem}.${e}`), ...ext.map((e) => join(path, `index.${e}`))].find((f) =>
      known.has(f),
    );
  };
  const graph = new Map();
  for (const file of files) {
    const edges = new Set();
    for (const m of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*["'](\.\.?\/[^"']+)["']/g)) {
      const to = target(file, m[1]);
      if (to !== undefined) edges.add(to);
    }
    graph.set(file, [...edges].sort());
  }
  return graph;
}

/** One shortest circle through each knot of mutually importing files (Tarjan's strongly connected components). */
export function fileCycles(dir) {
  const graph = fileGraph(dir);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const knots = [];
  let next = 0;
  const connect = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const knot = [];
    for (let w = stack.pop(); ; w = stack.pop()) {
      onStack.delete(w);
      knot.push(w);
      if (w === v) break;
    }
    if (knot.length > 1 || graph.get(v).includes(v)) knots.push(knot.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return knots.map((knot) => shortestCircle(graph, knot));
}

/** The shortest path from the knot's first file back to itself, through the knot. */
function shortestCircle(graph, knot) {
  const inside = new Set(knot);
  const start = knot[0];
  const cameFrom = new Map();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const w of graph.get(queue[i])) {
      if (w === start) {
        const path = [start];
        for (let at = queue[i]; at !== start; at = cameFrom.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (inside.has(w) && !cameFrom.has(w)) {
        cameFrom.set(w, queue[i]);
        queue.push(w);
      }
    }
  }
  return [start, start];
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
    process.stdout.write("check-arrows: every package dependency points the way ARCHITECTURE.md allows\n");
  process.exit(problems.length === 0 ? 0 : 1);
}
