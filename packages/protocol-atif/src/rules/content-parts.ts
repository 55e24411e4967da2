import type { CodeDescription, Finding } from "@keel/diagnostics";
import { at, isRecord, type Json, present, records, ruleFinding } from "@keel/diagnostics";

// Harbor: a `text` part needs `text` and no `source`; an `image` part needs `source` and no `text`.
const shape: Record<string, { needs: string; forbids: string }> = {
  text: { needs: "text", forbids: "source" },
  image: { needs: "source", forbids: "text" },
};

function partFindings(parts: unknown, pointer: string): Finding[] {
  if (!Array.isArray(parts)) return [];
  return parts.flatMap((part, i) => {
    const rule = isRecord(part) ? shape[String(part.type)] : undefined;
    if (!isRecord(part) || rule === undefined) return [];
    const p = at(pointer, i);
    const out: Finding[] = [];
    if (!present(part[rule.needs]))
      out.push(
        ruleFinding(
          "atif/content-part-shape",
          p,
          `expected ${part.type === "image" ? "an" : "a"} ${part.type} part to set ${rule.needs}, found none`,
        ),
      );
    if (present(part[rule.forbids]))
      out.push(
        ruleFinding(
          "atif/content-part-shape",
          at(p, rule.forbids),
          `expected no ${rule.forbids} on ${part.type === "image" ? "an" : "a"} ${part.type} part, found one`,
        ),
      );
    return out;
  });
}

/** `atif/content-part-shape` over step messages and observation result contents. */
export function contentParts(trajectory: Json, pointer: string): Finding[] {
  return records(trajectory, "steps", pointer).flatMap(([step, p]) => [
    ...partFindings(step.message, at(p, "message")),
    ...(isRecord(step.observation)
      ? records(step.observation, "results", at(p, "observation")).flatMap(([result, rp]) =>
          partFindings(result.content, at(rp, "content")),
        )
      : []),
  ]);
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const contentPartsCodes: readonly CodeDescription[] = [
  {
    code: "atif/content-part-shape",
    meaning: "a `text` part has `text` and no `source`; an `image` part has `source` and no `text`",
    requirements: ["atif/content-part-shape"],
    example: "expected /steps/0/message/1/source on an image part, found none",
  },
];
