import { spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { check, stdoutType as documentTypeOf, registryEntry, type SlipwayDocumentType } from "@keel/slipway";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const root = join(pkg, "..", "..");
export const bin = join(pkg, "dist", "bin", "slipway.js");
export const recordings = join(
  process.env.KEEL_SHARED ?? join(root, "..", "shared"),
  "peers",
  "slipway",
  "recordings",
);

/** A temp dir holding a tutorial workspace (a git repo with one commit) and a session dir beside it. */
export function tutorial(): { dir: string; ws: string; session: string; remove: () => void } {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "keel-slipway-")));
  const ws = join(dir, "workspace");
  const session = join(dir, "session");
  for (const d of [ws, session]) spawnSync("mkdir", ["-p", d]);
  const git = (...args: string[]) => {
    const r = spawnSync("git", ["-C", ws, ...args], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  };
  git("init", "-q");
  git("config", "user.name", "Protocol Tutorial");
  git("config", "user.email", "tutorial@example.invalid");
  writeFileSync(join(ws, "README.md"), "# Protocol tutorial\n");
  git("add", "README.md");
  git("commit", "-qm", "initial");
  return { dir, ws, session, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Call {
  rc: number;
  stdout: string;
  stderr: string;
}

/** One `keel-slipway` call, a process of its own, as a host makes it. */
export function slipway(args: string[], opts: { cwd: string; input?: string }): Call {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: opts.cwd,
    input: opts.input ?? "",
    encoding: "utf8",
  });
  return { rc: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The document type a successful call prints (`@keel/slipway`'s `stdoutType`; "slipway" dropped first). */
export function stdoutType(argv: string[]): SlipwayDocumentType {
  const words = argv[0] === "slipway" ? argv.slice(1) : argv;
  const found = documentTypeOf(words);
  if (!found) throw new Error(`no facts.commands entry for ${words.join(" ")}`);
  return found;
}

/** Findings of a call's output against its type: stdout per facts.commands, or a cli_error on stderr. */
export function documentFindings(argv: string[], call: Call): unknown[] {
  if (call.rc === 0) return check(stdoutType(argv), JSON.parse(call.stdout)).findings;
  const error = JSON.parse(call.stderr);
  const findings: unknown[] = [
    ...check(registryEntry.facts.commands.error.documentType as SlipwayDocumentType, error).findings,
  ];
  if (error.exit_code !== call.rc)
    findings.push(`exit_code ${error.exit_code} is not the exit status ${call.rc}`);
  if (call.stdout !== "") findings.push("stdout is not empty");
  return findings;
}
