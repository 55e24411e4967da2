import { isRecord } from "@keel/diagnostics";
import type { CliCall, CliChannel } from "../../channels/cli/channel.js";
import { cliGap } from "../../channels/cli/driver.js";
import type { Target } from "../../process/target.js";
import type { ExchangeDriver } from "../../traffic.js";
import { Traffic } from "../../traffic.js";
import type { SuiteOptions } from "../suite.js";
import { slipwayChannel } from "./channel.js";
import { freshWorkspace, type Workspace } from "./workspace.js";

/**
 * Paths in a slipway golden exchange: `@workspace@` is the scenario's fresh git workspace, `@session@`
 * the folder beside it for outcome and goal files. The driver fills them in what it sends and in what
 * it expects (inside a `$regex` escaped), so one file replays in any temporary folder.
 */
export const WORKSPACE = "@workspace@";
export const SESSION = "@session@";

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function fill(value: unknown, w: Pick<Workspace, "ws" | "session">, regex = false): unknown {
  if (typeof value === "string") {
    const [ws, session] = regex ? [escapeRegex(w.ws), escapeRegex(w.session)] : [w.ws, w.session];
    return value.replaceAll(WORKSPACE, ws).replaceAll(SESSION, session);
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, w, regex));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [fill(k, w) as string, fill(v, w, regex || k === "$regex")]),
  );
}

/** stdout or stderr as JSON when it is one JSON document (a slipway's answer or error), else its text. */
export function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A golden exchange over fresh slipway processes: `{argv, cwd?, files?, stdin?}` → `{exit, stdout, stderr}`. */
export function slipwayDriver(target: Target, options: SuiteOptions): ExchangeDriver {
  let w: Workspace | undefined;
  let cli: CliChannel | undefined;
  const traffic = new Traffic();
  const ensure = () => {
    w ??= freshWorkspace();
    cli ??= slipwayChannel(target, options, w.session);
    return { w, cli };
  };
  return {
    document: "stdout",
    prepare: (expected) => fill(expected, ensure().w),
    send: async (request) => {
      const { w, cli } = ensure();
      const call = fill(request, w) as CliCall;
      traffic.add("out", call);
      const r = await cli.call(call);
      traffic.add("in", r);
      return cliGap(r) ?? { value: { exit: r.exit, stdout: parsed(r.stdout), stderr: parsed(r.stderr) } };
    },
    traffic,
    close: async () => w?.remove(),
  };
}
