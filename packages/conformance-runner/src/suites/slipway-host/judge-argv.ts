import type { Verdicts } from "../../verdicts.js";
import { commandOf, type HostCall } from "./call.js";
import { isHelp, where } from "./judge-start.js";
import type { ScenarioLog } from "./session.js";
import { type Judgement, type Variant, walk } from "./view.js";

/**
 * Whether argv is the variant resolved: its base_argv (after the program name) with each declared input
 * that is given inserted as flag and value — two elements — in schema order, before a `--` when there is
 * one; required inputs present; nothing else.
 */
export function resolves(argv: readonly string[], variant: Variant): boolean {
  const base = variant.base_argv.slice(1);
  const sep = base.indexOf("--");
  const head = sep === -1 ? base : base.slice(0, sep);
  const tail = sep === -1 ? [] : base.slice(sep);
  if (argv.length < head.length + tail.length) return false;
  if (!head.every((w, i) => argv[i] === w)) return false;
  if (!tail.every((w, i) => argv[argv.length - tail.length + i] === w)) return false;
  const middle = argv.slice(head.length, argv.length - tail.length);
  let i = 0;
  for (const input of variant.inputs) {
    if (middle[i] === input.flag) {
      if (!middle[i + 1]) return false;
      i += 2;
    } else if (input.required) return false;
  }
  return i === middle.length;
}

/**
 * A read-only inspection the documents name for machine consumers outside any variant: `slipway status
 * [RUN] --json [--root R]` (commands.md; run-SKILL.md tells hosts to inspect it).
 */
export function documentedRead(argv: readonly string[]): boolean {
  if (argv[0] !== "status" || !argv.includes("--json")) return false;
  const rest = argv.slice(1).filter((w) => w !== "--json");
  const root = rest.indexOf("--root");
  if (root !== -1) rest.splice(root, 2);
  return rest.length <= 1 && rest.every((w) => !w.startsWith("-"));
}

/**
 * Obligation 3: every call after list and run is one offered variant, resolved. A documented read-only
 * inspection outside the variants (`status --json`) is a warning: it rests on keel's reading alone.
 */
export function judgeArgv(log: ScenarioLog, v?: Verdicts): Judgement {
  let bad: { call: HostCall; near?: Variant } | undefined;
  let read: HostCall | undefined;
  let judged = 0;
  walk(log.calls, (call, before) => {
    // `slipway --help` reports a foreign executable (common.tmpl): no variant is due
    if (bad || ["list", "run"].includes(commandOf(call.argv)) || isHelp(call.argv)) return;
    judged++;
    if (before.variants.some((variant) => resolves(call.argv, variant))) return;
    if (documentedRead(call.argv)) read ??= call;
    else bad = { call, near: nearest(call.argv, before.variants) };
  });
  if (read && !bad && v)
    v.fail(
      "slipway-host/argv-from-variants",
      `${where(log, read)}: a documented read-only inspection no offered variant resolves to`,
      { rests: ["slipway/documented-reads"] },
    );
  if (bad) {
    const near = bad.near
      ? `the variant ${bad.near.id} resolves to ${JSON.stringify(bad.near.base_argv)} plus ${JSON.stringify(bad.near.inputs.map((i) => i.flag))}`
      : "no variant was offered";
    return `${where(log, bad.call)}: expected one offered variant's base_argv plus its inputs (${near}), found an argv no variant resolves to`;
  }
  return judged ? undefined : null;
}

function nearest(argv: readonly string[], variants: readonly Variant[]): Variant | undefined {
  const score = (variant: Variant) => variant.base_argv.slice(1).filter((w, i) => argv[i] === w).length;
  return [...variants].sort((a, b) => score(b) - score(a))[0];
}
