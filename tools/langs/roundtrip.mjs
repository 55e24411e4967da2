#!/usr/bin/env node
// `pnpm test:langs`: every valid fixture and example of every document type, decoded with the generated
// Python, Go and Rust type and encoded again, must equal the original as a JSON value (key order aside,
// numbers by value, integers beyond 2^53 exactly). Invalid fixtures are run too: the ones a language's
// types refuse are counted (types are not validators). A missing toolchain is a skip naming it, and a
// failure under CI=true. Builds happen in temporary directories, removed afterwards.
//   node tools/langs/roundtrip.mjs [--lang python,go,rust] [--protocol atif,…] [--no-traps]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { langFiles } from "@keel/codegen";
import {
  fileKindOf,
  listExamples,
  loadRegistry,
  loadSchemaFile,
  readDocuments,
  readFixtures,
  SchemaSet,
} from "@keel/schema-model";
import { fromPlain, parseExact, stringifyExact } from "./json-exact.mjs";
import { LANGUAGES } from "./languages.mjs";
import { judge, KNOWN_LIMITS } from "./verdict.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1]?.split(",");
};
const registry = loadRegistry(root);
const protocols = arg("protocol") ?? Object.keys(registry.protocols).sort();
const languages = arg("lang") ?? Object.keys(LANGUAGES);
const ci = process.env.CI === "true";

/** Every document to round-trip: `{ protocol, type, where, text, valid }`. */
function documents() {
  const out = [];
  for (const protocol of protocols) {
    for (const f of readFixtures(root, protocol)) {
      const text = readFileSync(f.path, "utf8");
      out.push({
        protocol,
        type: f.type,
        where: f.display,
        text: stringifyExact(parseExact(text.trim())),
        valid: f.expect === "valid",
        probes: f.probes ?? [],
      });
    }
    for (const ex of listExamples(root, registry, protocol)) {
      const kind = fileKindOf(ex.path);
      const texts =
        kind === "yaml"
          ? readDocuments(ex.path).map((d) => ({ line: d.line, text: stringifyExact(fromPlain(d.value)) }))
          : kind === "jsonl"
            ? readFileSync(ex.path, "utf8")
                .split("\n")
                .map((l, i) => ({ line: i + 1, text: l.trim() }))
                .filter((l) => l.text !== "")
                .map((l) => ({ line: l.line, text: stringifyExact(parseExact(l.text)) }))
            : [{ line: 1, text: stringifyExact(parseExact(readFileSync(ex.path, "utf8").trim())) }];
      for (const t of texts)
        out.push({
          protocol,
          type: ex.documentType,
          where: kind === "jsonl" ? `${ex.display}:${t.line}` : ex.display,
          text: t.text,
          valid: true,
        });
    }
  }
  return out;
}

/**
 * The trap schema (traps/): not a protocol, one member per trap, generated into a temporary directory
 * the way `keel gen` generates a protocol, with a document for each trap.
 */
function traps(dir) {
  const here = join(root, "tools", "langs", "traps");
  const file = loadSchemaFile("traps", "working", "traps.schema.json", join(here, "traps.schema.json"));
  const reg = {
    protocols: { traps: { documentTypes: { doc: { schema: file.name, pointer: "#/$defs/Doc" } } } },
  };
  for (const f of langFiles(reg, new SchemaSet("traps", "working", [file], []), "0.0.0")) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.content);
  }
  const list = parseExact(readFileSync(join(here, "documents.json"), "utf8").trim());
  return list.map((t, i) => ({
    protocol: "traps",
    type: "doc",
    where: `tools/langs/traps/documents.json/${i} (${t.trap})`,
    text: stringifyExact(t.doc),
    valid: true,
  }));
}

const trapsDir = mkdtempSync(join(tmpdir(), "keel-langs-traps-"));
process.on("exit", () => rmSync(trapsDir, { recursive: true, force: true }));
const dirs = Object.fromEntries(protocols.map((p) => [p, join(root, "packages", `protocol-${p}`, "lang")]));
const docs = documents();
if (!process.argv.includes("--no-traps")) {
  dirs.traps = trapsDir;
  docs.push(...traps(trapsDir));
}
const input = docs.map((d) => `${d.protocol}\t${d.type}\t${d.text}\n`).join("");
let failed = false;
const summary = [];
for (const name of languages) {
  const lang = LANGUAGES[name];
  const tool = lang.toolchain();
  if (tool.missing !== undefined) {
    const message = `${name}: skipped, ${tool.missing} not found`;
    if (ci) {
      failed = true;
      console.error(`FAIL ${message} (CI=true requires it)`);
    } else console.log(`SKIP ${message}`);
    continue;
  }
  const dir = mkdtempSync(join(tmpdir(), `keel-langs-${name}-`));
  try {
    const started = Date.now();
    const run = lang.prepare({ dir, dirs, protocols: Object.keys(dirs), tool });
    const built = Date.now();
    const result = spawnSync(run.command, run.args, {
      cwd: dir,
      input,
      encoding: "utf8",
      maxBuffer: 1 << 30,
      env: run.env,
    });
    if (result.status !== 0) {
      failed = true;
      console.error(`FAIL ${name}: the driver exited ${result.status}\n${result.stderr}`);
      continue;
    }
    const listed = KNOWN_LIMITS[name] ?? {};
    const { ok, failedDocuments, refused, invalid, problems, held } = judge(
      name,
      docs,
      result.stdout.split("\n"),
      listed,
    );
    const known = held.map(({ probe, count }) => `${count} ${probe}: ${listed[probe]}`).join("; ");
    const line = `${name}: ${ok}/${ok + failedDocuments} valid documents round-tripped${known ? ` (known limits, not counted: ${known})` : ""}; ${refused}/${invalid} invalid fixtures refused by the types; build ${((built - started) / 1000).toFixed(1)} s, run ${((Date.now() - built) / 1000).toFixed(1)} s (${tool.version})`;
    summary.push(line);
    if (problems.length > 0) {
      failed = true;
      console.error(
        `FAIL ${line}\n  ${problems.slice(0, 40).join("\n  ")}${problems.length > 40 ? `\n  … and ${problems.length - 40} more` : ""}`,
      );
    } else console.log(`ok   ${line}`);
  } catch (error) {
    failed = true;
    console.error(`FAIL ${name}: ${error.message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
process.exitCode = failed ? 1 : 0;
