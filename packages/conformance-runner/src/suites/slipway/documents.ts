import { check, registryEntry, type SlipwayDocumentType, stdoutType } from "@keel/slipway";
import { json, type Obj, obj } from "../kit/values.js";

export const facts = registryEntry.facts.commands;
export { stdoutType };
export const errorCodes: readonly string[] = registryEntry.facts.errorCodes;

/** Which check owns a schema finding: the version field, `next`, an action's presence or kind have their own. */
export type Owner = "document" | "contract-version" | "next-argv" | "state-consistent" | "action-kind";

export const KINDS: readonly string[] = ["orient", "clarify", "implement", "review", "summarize"];

/** Pointers of the actions in a document whose kind the schema does not name (everything under them is action-kind's). */
function mislabelled(doc: unknown, pointer = ""): string[] {
  if (Array.isArray(doc)) return doc.flatMap((d, i) => mislabelled(d, `${pointer}/${i}`));
  const o = obj(doc);
  if (!o) return [];
  const here = "action_id" in o && "kind" in o && !KINDS.includes(String(o.kind)) ? [pointer] : [];
  return [...here, ...Object.entries(o).flatMap(([k, v]) => mislabelled(v, `${pointer}/${k}`))];
}

export function ownerOf(pointer: string, type: SlipwayDocumentType, doc: unknown, bad: string[]): Owner {
  if (/(^|\/)contract_version$/.test(pointer)) return "contract-version";
  if (/(^|\/)next(\/|$)/.test(pointer)) return "next-argv";
  if (bad.some((p) => pointer === p || pointer.startsWith(`${p}/`))) return "action-kind";
  const active = type === "protocol_state" && obj(doc)?.state === "active" && !obj(obj(doc)?.action);
  // an active Run without its action also breaks the schema's if/then at the root
  if (active && (pointer === "/action" || pointer === "")) return "state-consistent";
  return "document";
}

export interface Problem {
  owner: Owner;
  text: string;
}

/** The document's schema and semantic findings, each with the check that owns it. */
export function documentProblems(type: SlipwayDocumentType, doc: unknown): Problem[] {
  const bad = mislabelled(doc);
  return check(type, doc)
    .findings.filter((f) => f.severity === "error")
    .map((f) => ({
      owner: ownerOf(f.pointer, type, doc, bad),
      text: `${f.pointer || "the document"}: ${f.message}`,
    }));
}

/** Every `next` inside a document (a protocol_state's, an error's, a run_status's, each listed Run's). */
export function nexts(doc: unknown, pointer = ""): { next: Obj; pointer: string }[] {
  if (Array.isArray(doc)) return doc.flatMap((d, i) => nexts(d, `${pointer}/${i}`));
  const o = obj(doc);
  if (!o) return [];
  return Object.entries(o).flatMap(([k, v]) => {
    const here = `${pointer}/${k}`;
    const n = obj(v);
    if (k === "next" && n) return [{ next: n, pointer: here }];
    return typeof v === "object" ? nexts(v, here) : [];
  });
}

/** Problems of one `next`: variants as argv arrays of strings (the program first), typed inputs. */
export function nextProblem(next: Obj, program: string): string | undefined {
  if (typeof next.operation !== "string") return "next.operation is not a string";
  if (!Array.isArray(next.variants)) return `next.variants is ${json(next.variants)}, not an array`;
  for (const [i, v] of next.variants.entries()) {
    const variant = obj(v);
    const argv = variant?.base_argv;
    if (!Array.isArray(argv) || argv.some((w) => typeof w !== "string"))
      return `variant ${i} (${json(variant?.id)}) has base_argv ${json(argv)}, not an argv array of strings`;
    if (argv[0] !== program) return `variant ${i} base_argv starts with ${json(argv[0])}, not ${program}`;
    const inputs = variant?.inputs;
    if (!Array.isArray(inputs)) return `variant ${i} has inputs ${json(inputs)}, not an array`;
    for (const input of inputs) {
      const x = obj(input);
      if (typeof x?.name !== "string" || typeof x.type !== "string" || typeof x.required !== "boolean")
        return `variant ${i} declares an input without name, type and required: ${json(input)}`;
    }
  }
  if (next.operation === "none" && next.variants.length > 0) return "next.operation none offers variants";
  return undefined;
}
