import type { Answer, ExchangeDriver } from "../../traffic.js";
import type { CliCall, CliChannel, CliResult } from "./channel.js";

/** stdout as JSON when it is one JSON document (a slipway's answer), else its text. */
function parsed(stdout: string): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    return stdout;
  }
}

/** Why a call gave no answer, if it gave none: it could not start, or never exited (keel's timeout). */
export function cliGap(r: CliResult): Answer | undefined {
  if (r.couldNotStart) return { missing: r.couldNotStart };
  if (r.missing) return { missing: r.missing, timedOut: true }; // only a call that never exited has none
  return undefined;
}

/** Golden exchanges over a CLI: a send is `{argv, cwd?, env?, stdin?, files?}`, its answer `{exit, stdout, stderr}`. */
export function cliDriver(channel: CliChannel): ExchangeDriver {
  return {
    document: "stdout",
    send: async (call) => {
      const r = await channel.call(call as CliCall);
      return cliGap(r) ?? { value: { exit: r.exit, stdout: parsed(r.stdout), stderr: r.stderr } };
    },
    traffic: channel.traffic,
    close: async () => {},
  };
}

/** What `keel record` expects of a recorded CLI result: its exit code and stdout (stderr is advisory text). */
export function cliExpectation(answer: unknown): unknown {
  const r = answer as CliResult;
  return { exit: r.exit, stdout: parsed(r.stdout) };
}
