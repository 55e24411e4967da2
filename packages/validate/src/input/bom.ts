import type { Finding } from "@keel/diagnostics";

const BOM = [0xef, 0xbb, 0xbf];

/** RFC 8259 forbids a BOM but allows parsers to ignore one: accept it, and say so. */
export function stripBom(bytes: Buffer, notes: Finding[]): Buffer {
  if (!BOM.every((b, i) => bytes[i] === b)) return bytes;
  notes.push({
    code: "json/bom",
    severity: "warning",
    message: "expected no byte order mark (RFC 8259), found one at the start of the file; ignored it",
    pointer: "",
    line: 1,
    column: 1,
  });
  return bytes.subarray(3);
}
