// The bounds on what one input may hold, a leaf both the readers (input/) and the checks (check/) import.
import type { Finding } from "@keel/diagnostics";
import type { RawDocument } from "./raw-document.js";

/** Deeper than any real document; validators and rules recurse, so deeper input is refused up front. */
export const MAX_DEPTH = 1000;

/** The default bound on one document (a whole .json/.yaml file, stdin read whole, one JSON Lines line). */
export const DEFAULT_MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/** The smallest bound accepted: below it real documents would be refused. */
export const MIN_DOCUMENT_BYTES = 1024;

/** `bytes` as a person writes it: 64 MiB, 1.5 GiB, 900 KiB, 12 bytes. */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1 && n % 1024 === 0) {
    n /= 1024;
    unit += 1;
  }
  return `${n} ${units[unit]}`;
}

/**
 * A size as the command line takes it: a whole number of bytes, or with a unit (KiB, MiB, GiB; K, M, G and
 * KB, MB, GB mean the same powers of 1024). Undefined when it is none of these.
 */
export function parseBytes(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|bytes?|k|kb|kib|m|mb|mib|g|gb|gib)?\s*$/i.exec(text);
  if (m === null) return undefined;
  const power = { "": 0, b: 0, k: 1, m: 2, g: 3 }[(m[2] ?? "").charAt(0).toLowerCase()] ?? 0;
  const bytes = Math.floor(Number(m[1]) * 1024 ** power);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/**
 * The document that stands for one past the bound: a located `validate/too-large` failure. The input is
 * not read further (an endless one, `/dev/zero`, would never end).
 */
export function tooLarge(limit: number, line: number, what: "line" | "document"): RawDocument {
  const finding: Finding = {
    code: "validate/too-large",
    severity: "error",
    message: `expected a ${what} of at most ${formatBytes(limit)}, found a longer one: the rest of the input is not read`,
    pointer: "",
    line,
    column: 1,
    hint: "raise the bound with --max-document-size (e.g. --max-document-size 256MiB)",
  };
  return { line, failure: finding };
}
