import { probeOf } from "@keel/diagnostics";
import type { CheckInfo } from "../../verdicts.js";
import { checkOf } from "../kit/check.js";

const check = checkOf("validator");

/** Each protocol's own "documents match the canonical schema" MUST (the verdict a validator reproduces). */
export const SCHEMA_MUSTS: Readonly<Record<string, string>> = {
  atif: "atif/schema-valid",
  mira: "mira/messages-match-schema",
  myrmo: "myrmo/strict-schema",
  slipway: "slipway/documents-match-schema",
};
const schema = ["validator/schema-verdict", ...Object.values(SCHEMA_MUSTS)];
const adapter = ["validator/adapter-protocol"];

/** The schema-judged probes, one check each (docs/dialects.md). */
const SCHEMA_PROBES: ReadonlyArray<[name: string, summary: string]> = [
  [
    "pattern-trailing-lf",
    "a value followed by \\n is judged by ECMA-262's `$` (refused where the pattern is end-anchored)",
  ],
  ["pattern-trailing-crlf", "a value followed by \\r\\n is judged by ECMA-262's `$`"],
  ["pattern-trailing-ls", "a value followed by U+2028 is judged by ECMA-262's `$` and `.`"],
  ["length-astral-at-max", "maxLength counts code points: astral characters at the bound are valid"],
  ["length-astral-under-min", "minLength counts code points: astral characters do not reach the bound"],
  ["integer-2-53", "an integer of 2^53 is an integer"],
  ["integer-minus-2-53", "an integer of -2^53 is an integer"],
  ["integer-past-2-53", "an integer written 9007199254740993 is an integer"],
  ["integer-past-int64", "an integer written 2^64 is an integer"],
  ["integer-decimal-point", "an integer written 3.0 is an integer (draft 6 and later)"],
  ["integer-negative-zero", "an integer written -0 is an integer"],
];

/** Every check of the validator suite, in report order. */
export const validatorChecks: readonly CheckInfo[] = [
  check("handshake", adapter, "the adapter answers hello with its name, version and runtime, in protocol 1"),
  check("answers", adapter, "every request gets one answer line in protocol 1, for its id, within --timeout"),
  check("loads", adapter, "the adapter loads every protocol's schema files (cross-file $refs by $id)"),
  check("agrees", schema, "keel's verdict on every fixture that probes no dialect difference"),
  ...SCHEMA_PROBES.map(([name, summary]) => check(name, schema, summary)),
  check(
    "string-lone-surrogate",
    ["validator/lone-surrogate"],
    "a string ending in a lone surrogate is read as JSON.parse reads it (valid where nothing else refuses it)",
  ),
  check(
    "format",
    ["validator/format-assertion"],
    "every format is asserted: a string its format refuses is invalid",
  ),
];

/** The check a fixture's disagreement is reported under: its probe's, or `agrees`. */
export function checkFor(probes: readonly string[]): string {
  const probe = probes.map((p) => probeOf(p)?.name).find((p) => p !== undefined);
  return `validator/${probe ?? "agrees"}`;
}
