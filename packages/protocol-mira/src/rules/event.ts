import type { CodeDescription, Finding } from "@keel/diagnostics";
import { at, isRecord, present, ruleFinding } from "@keel/diagnostics";

// EventParams: `turn` is "for turn events", `tool` "for tool_call events", `text` "for output events"; the
// schema leaves whether they accompany their kinds to a rule (schemas/mira/README.md item 7). The Rust
// fields are optional, so a missing detail is a warning, not an error.
const detailOf: Record<string, string> = { turn: "turn", tool_call: "tool", output: "text" };

/** `mira/event-detail` (warning): a defined event kind carries its detail field. */
export function eventDetail(document: unknown): Finding[] {
  if (!isRecord(document) || document.method !== "event" || !isRecord(document.params)) return [];
  const kind = String(document.params.kind);
  const field = Object.hasOwn(detailOf, kind) ? detailOf[kind] : undefined;
  if (field === undefined || present(document.params[field])) return [];
  return [
    ruleFinding(
      "mira/event-detail",
      at("/params", field),
      `expected a ${kind} event to carry ${field}, found none`,
      "warning",
    ),
  ];
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const eventCodes: readonly CodeDescription[] = [
  {
    code: "mira/event-detail",
    meaning: "a defined event kind carries its detail field (warning)",
    requirements: ["mira/event-detail"],
    example: 'expected /params/message on a "log" event, found none',
  },
];
