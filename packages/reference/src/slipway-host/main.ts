import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { drive } from "./drive.js";

export const HELP = `keel-slipway-host (keel reference slipway host, machine protocol v2)

usage:
  keel-slipway-host (--goal TEXT | --goal-from FILE) [--root DIR] [--budget N] [--call-timeout MS] [--retries N]

Drives one ad-hoc Run of the slipway first on PATH (or $SLIPWAY) in DIR (default: the current
directory) to its end. Exit 0 when the Run ended, 1 when it stopped short (paused, stopped, an error:
the user decides), 2 on bad arguments.
`;

/** `keel-slipway-host …`: returns the exit status. */
export async function main(argv: string[], cwd: string, err: (text: string) => void): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: {
        goal: { type: "string" },
        "goal-from": { type: "string" },
        root: { type: "string" },
        budget: { type: "string", default: "8" },
        "call-timeout": { type: "string", default: "60000" },
        retries: { type: "string", default: "3" },
        help: { type: "boolean" },
      },
    }).values;
  } catch (e) {
    err(`keel-slipway-host: ${(e as Error).message}\n${HELP}`);
    return 2;
  }
  if (values.help) {
    err(HELP);
    return 0;
  }
  const goal =
    typeof values["goal-from"] === "string"
      ? readFileSync(resolve(cwd, values["goal-from"]), "utf8")
      : (values.goal as string | undefined);
  const numbers = ["budget", "call-timeout", "retries"].map((k) => Number(values[k]));
  if (!goal?.trim() || numbers.some((n) => !Number.isInteger(n) || n < 0)) {
    err(`keel-slipway-host: expected a non-empty goal and non-negative integers\n${HELP}`);
    return 2;
  }
  const [budget = 8, callMs = 60_000, retries = 3] = numbers;
  return drive({
    goal,
    root: resolve(cwd, typeof values.root === "string" ? values.root : "."),
    budget,
    callMs,
    retries,
    log: (line) => err(`keel-slipway-host: ${line}\n`),
  });
}
