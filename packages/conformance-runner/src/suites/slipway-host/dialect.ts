import { type Fixture, probeFixtures } from "../kit/fixtures.js";
import { locate, setRaw } from "../kit/raw-json.js";
import { type Answered, answerDocument, commandOf } from "./call.js";
import type { StageContext, Staging } from "./staging.js";

// The dialect probes (issue 30; docs/dialects.md) in the answers keel's shim returns: the backing's own
// protocol_state of a `run` or `submit`, with a probed value set where its fixture has it, written as the
// fixture writes it (`3.0`, 2^64, a line end after a string).

/** The label every answer a dialect staging changed carries, then what it holds. */
export const DIALECT = "dialect probes";
const END = /(\r\n|\n|\u2028)$/;
const endOf = (f: Fixture, pointer: string): string | undefined => {
  const v = pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], f.document);
  return typeof v === "string" ? END.exec(v)?.[0] : undefined;
};
const shownEnd = (end: string) => JSON.stringify(end).slice(1, -1);

/** One value keel sets in an answer: the probe, where, and the JSON text for the answer's document. */
interface Splice {
  probe: string;
  pointer: string;
  json: (doc: Record<string, unknown>) => string | undefined;
}

let loaded: { valid: Splice[][]; invalid: Splice[] } | undefined;
/** The splices, from the slipway fixtures (read once). */
function splices(): { valid: Splice[][]; invalid: Splice[] } {
  if (loaded) return loaded;
  const actions = probeFixtures("slipway", "action", "valid");
  // a tutorial Run has four answers with an action: `-0` (read as 0 anywhere) comes last, so is the one left out
  const budgets = actions
    .filter((f) => f.pointer === "/remaining_budget")
    .sort(
      (a, b) =>
        Number(a.probes?.includes("integer-negative-zero")) -
        Number(b.probes?.includes("integer-negative-zero")),
    )
    .flatMap((f): Splice[] => {
      const at = locate(f.text, "/remaining_budget");
      const written = at && f.text.slice(at.start, at.end);
      return written
        ? [{ probe: f.probes?.[0] ?? "", pointer: "/action/remaining_budget", json: () => written }]
        : [];
    });
  const goals = actions
    .filter((f) => f.pointer === "/goal" && endOf(f, "/goal"))
    .map((f): Splice => {
      const end = endOf(f, "/goal") as string;
      const json = (doc: Record<string, unknown>) => {
        const goal = (doc.action as Record<string, unknown> | undefined)?.goal;
        return typeof goal === "string" ? JSON.stringify(goal + end) : undefined;
      };
      return { probe: f.probes?.[0] ?? "", pointer: "/action/goal", json };
    });
  const identities = probeFixtures("slipway", "protocol_state", "invalid")
    .filter((f) => f.pointer === "/next/workspace_identity" && endOf(f, "/next/workspace_identity"))
    .map((f): Splice => {
      const end = endOf(f, "/next/workspace_identity") as string;
      const json = (doc: Record<string, unknown>) => {
        const id = (doc.next as Record<string, unknown> | undefined)?.workspace_identity;
        return typeof id === "string" ? JSON.stringify(id + end) : undefined;
      };
      return { probe: `${f.probes?.[0]} (${shownEnd(end)})`, pointer: "/next/workspace_identity", json };
    });
  // answer n holds budget n and goal n (each list taken round)
  const n = Math.max(budgets.length, goals.length);
  const valid = Array.from({ length: n }, (_, i) =>
    [budgets[i % budgets.length], goals[i % goals.length]].filter((s): s is Splice => s !== undefined),
  );
  loaded = { valid, invalid: identities };
  return loaded;
}

/** The answer with the splices set, labelled with what it holds; as it was when none applies. */
function spliced(a: Answered, set: Splice[], validity: string): Answered {
  const doc = a.exit === 0 ? answerDocument(a) : undefined;
  if (!doc || typeof a.stdout !== "string") return a;
  let text: string | undefined = a.stdout;
  const held: string[] = [];
  for (const s of set) {
    const json = s.json(doc);
    const next: string | undefined =
      json && text !== undefined && locate(text, s.pointer) ? setRaw(text, s.pointer, json) : undefined;
    if (!next || !json) continue;
    text = next;
    held.push(`${s.probe} at ${s.pointer} = ${json.length > 60 ? `${json.slice(0, 60)}…` : json}`);
  }
  // nothing to set (an ended Run has no action): the backing's answer as it is, unlabelled
  return held.length
    ? { ...a, stdout: text, staged: `${DIALECT} (${validity}): ${held.join("; ")}` }
    : { ...a, staged: undefined };
}

const answersRunOrSubmit = (argv: readonly string[]) => ["run", "protocol submit"].includes(commandOf(argv));
/** The how-manieth changed answer of this scenario this is (each scenario counts its own). */
const nth = (ctx: StageContext): number => {
  const n = [...ctx.fired].filter((f) => f.startsWith(DIALECT)).length;
  ctx.fired.add(`${DIALECT} ${n}`);
  return n;
};

/** Valid probes in every run and submit answer: remaining_budget as 2^53, `3.0`, `-0`…, a goal with a line end after it. */
export const dialectValues = (argv: readonly string[], ctx: StageContext): Staging | undefined => {
  if (!answersRunOrSubmit(argv)) return undefined;
  const { valid } = splices();
  const set = valid[nth(ctx) % Math.max(valid.length, 1)] ?? [];
  return { label: DIALECT, after: (a) => spliced(a, set, "valid") };
};

/** An invalid probe in every run and submit answer: next.workspace_identity with a line end after it. */
export const dialectInvalid = (argv: readonly string[], ctx: StageContext): Staging | undefined => {
  if (!answersRunOrSubmit(argv)) return undefined;
  const { invalid } = splices();
  const one = invalid[nth(ctx) % Math.max(invalid.length, 1)];
  return { label: DIALECT, after: (a) => spliced(a, one ? [one] : [], "invalid") };
};
