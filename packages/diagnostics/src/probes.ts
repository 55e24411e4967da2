/**
 * The dialect probes: known differences between JSON Schema validators, each one a name the fixture
 * manifest's `probes` field carries (here, in the leaf package, because codegen and the conformance
 * runner both read it) (codegen's fixture generator places them; docs/dialects.md explains
 * them; the `validator` conformance suite groups disagreements by them).
 */
export interface DialectProbe {
  /** the name in the manifest's `probes` (a format probe is `format-<format>`, matched by prefix) */
  name: string;
  /** what the fixture holds, one line */
  holds: string;
  /** which validators are known to read it otherwise */
  differs: string;
  /**
   * `schema`: JSON Schema itself decides, so a validator that disagrees with keel fails; `keel-reading`:
   * the specifications leave it open (format assertion is opt-in; RFC 8259 leaves lone surrogates
   * unpredictable), so a disagreement is a warning
   */
  judge: "schema" | "keel-reading";
}

export const DIALECT_PROBES: readonly DialectProbe[] = [
  {
    name: "pattern-trailing-lf",
    holds: "a value its end-anchored `pattern` takes, followed by `\\n`",
    differs:
      "Python `re`, PCRE and Ruby match `$` before a final newline; ECMA-262 (JSON Schema's dialect) does not",
    judge: "schema",
  },
  {
    name: "pattern-trailing-crlf",
    holds: "the same value followed by `\\r\\n`",
    differs: "Java and .NET `$` match before a final line terminator",
    judge: "schema",
  },
  {
    name: "pattern-trailing-ls",
    holds: "the same value followed by U+2028 (line separator)",
    differs: "Java's `$` and `.` treat U+2028 as a line end; some regex engines match `.` over it",
    judge: "schema",
  },
  {
    name: "length-astral-at-max",
    holds: "a string of exactly `maxLength` code points holding astral characters (valid)",
    differs:
      "validators counting UTF-16 units (JavaScript `.length`, Java, .NET) or UTF-8 bytes (Go `len`, Rust `.len()`) refuse it",
    judge: "schema",
  },
  {
    name: "length-astral-under-min",
    holds: "a string one code point under `minLength` whose UTF-16 units reach it (invalid)",
    differs: "validators counting UTF-16 units or bytes accept it",
    judge: "schema",
  },
  {
    name: "integer-2-53",
    holds: "an `integer` of 2^53 (9007199254740992) where the bounds allow it",
    differs: "zod's `.int()` and other safe-integer checks refuse it",
    judge: "schema",
  },
  {
    name: "integer-minus-2-53",
    holds: "an `integer` of -2^53 where the bounds allow it",
    differs: "safe-integer checks refuse it",
    judge: "schema",
  },
  {
    name: "integer-past-2-53",
    holds: "an `integer` written `9007199254740993`, which a double reads as 2^53",
    differs: "validators parsing numbers as doubles see another value; safe-integer checks refuse it",
    judge: "schema",
  },
  {
    name: "integer-past-int64",
    holds: "an `integer` written `18446744073709551616` (2^64)",
    differs: "decoders into int64/uint64 (Go, Rust, Java) overflow or refuse it",
    judge: "schema",
  },
  {
    name: "integer-decimal-point",
    holds: "an `integer` written with a decimal point (`3.0`)",
    differs:
      "draft-04 validators, Python `isinstance(x, int)` checks, strict decoders refuse it; JSON Schema draft 6+ calls it an integer",
    judge: "schema",
  },
  {
    name: "integer-negative-zero",
    holds: "an `integer` written `-0`",
    differs: "decoders that keep the sign (doubles) compare it with bounds and enums differently",
    judge: "schema",
  },
  {
    name: "string-lone-surrogate",
    holds: "a free-text string ending in a lone surrogate (written `\\ud800`)",
    differs:
      "strict UTF-8 decoders (Rust serde_json, Go replaces it with U+FFFD) refuse or alter it; JSON.parse and Python keep it",
    judge: "keel-reading",
  },
  {
    name: "format",
    holds:
      "a string every other keyword takes but its `format` (`date-time`, `uri`, …) refuses (`format-<name>`)",
    differs:
      "format is an annotation unless a validator opts into asserting it (Python jsonschema needs a FormatChecker and its extra packages)",
    judge: "keel-reading",
  },
];

/** The catalogue entry a manifest probe name belongs to (`format-date-time` → `format`). */
export function probeOf(name: string): DialectProbe | undefined {
  return (
    DIALECT_PROBES.find((p) => p.name === name) ??
    (name.startsWith("format-") ? DIALECT_PROBES.find((p) => p.name === "format") : undefined)
  );
}
