import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { KeelError } from "@keel/diagnostics";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { runValidate } from "../src/commands/validate.js";
import { repoRoot } from "./harness.js";

const dir = tempDir("keel-validate-");

/** Write `content` to a scratch file named `name`; returns its path. */
export function scratch(name: string, content: string | Uint8Array): string {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

/** `keel validate` in-process: exit code, stdout, stderr ("keel: message" for a KeelError, as main prints). */
export async function validate(
  protocol: string,
  files: string[],
  opts: {
    type?: string;
    format?: "pretty" | "json" | "sarif";
    engine?: "ajv" | "zod";
    isTTY?: boolean;
    strict?: boolean;
    verbose?: boolean;
  } = {},
) {
  let stdout = "";
  let stderr = "";
  const io = {
    out: (t: string) => {
      stdout += t;
    },
    err: (t: string) => {
      stderr += t;
    },
    cwd: repoRoot,
    isTTY: opts.isTTY === true,
  };
  let code: number;
  try {
    code = await runValidate(
      protocol,
      files,
      {
        engine: opts.engine ?? "ajv",
        format: opts.format ?? "pretty",
        ...(opts.type ? { type: opts.type } : {}),
        ...(opts.strict ? { strict: true } : {}),
        ...(opts.verbose ? { verbose: true } : {}),
      },
      io,
    );
  } catch (error) {
    if (!(error instanceof KeelError)) throw error;
    stderr += `keel: ${error.message}\n`;
    code = error.exitCode;
  }
  return { code, stdout: stdout.replaceAll(dir, "<dir>"), stderr: stderr.replaceAll(dir, "<dir>") };
}

/** The findings of a `--format json` run. */
export function findingsOf(stdout: string): Record<string, unknown>[] {
  return (JSON.parse(stdout) as { files: { findings: Record<string, unknown>[] }[] }).files.flatMap(
    (f) => f.findings,
  );
}
