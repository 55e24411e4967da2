// A correct slipway to build fakes on: keel's reference slipway (packages/reference, built) called
// in-process, once per call like the real CLI, so that one fake can change one thing.
//
//   fakeSlipway({ onCall(argv, run) → result | undefined, onResult(result, argv, run) → result })
//
// `run(argv)` runs the reference with those arguments and returns {exit, stdout, stderr}; a fake may
// call it more than once (e.g. `status` before a submit). The result is written and becomes the exit code.
import { main } from "../../../packages/reference/dist/slipway/main.js";

async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks);
}

export async function run(argv) {
  let stdout = "";
  let stderr = "";
  const exit = await main(
    argv,
    { cwd: process.cwd(), readStdin },
    { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
  );
  return { exit, stdout, stderr };
}

export async function fakeSlipway({ onCall, onResult } = {}) {
  const argv = process.argv.slice(2);
  let result = (onCall && (await onCall(argv, run))) ?? (await run(argv));
  if (onResult) result = await onResult(result, argv, run);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exit;
}

/** A success result with its stdout document changed by `change(doc, argv)` (which may return a new one). */
export const changeDoc = (change) => (r, argv) => {
  if (r.exit !== 0) return r;
  const doc = JSON.parse(r.stdout);
  const changed = change(doc, argv) ?? doc;
  return { ...r, stdout: `${JSON.stringify(changed)}\n` };
};

/** An error result with its stderr body changed by `change(body, argv)`. */
export const changeError = (change) => (r, argv) => {
  if (r.exit === 0) return r;
  const body = JSON.parse(r.stderr);
  const changed = change(body, argv) ?? body;
  return { ...r, stderr: `${JSON.stringify(changed)}\n` };
};

/** The value after `flag` in argv. */
export const flag = (argv, name) => argv[argv.indexOf(name) + 1];

/** The Run's status through the reference (a fake's look at the journal). */
export async function runStatus(runId, root) {
  const r = await run(["status", runId, "--root", root, "--json"]);
  return r.exit === 0 ? JSON.parse(r.stdout) : undefined;
}
