import type { Finding } from "@keel/diagnostics";
import type { RawDocument } from "./raw-document.js";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Bytes as a document's text; bytes that are not UTF-8 make it a `json/invalid-utf8` failure instead. */
export function decode(bytes: Uint8Array, line: number): RawDocument {
  try {
    return { line, text: utf8.decode(bytes) };
  } catch {
    return { line, failure: invalidUtf8(bytes, line) };
  }
}

/** Locate the first byte that does not decode, so the finding points at it rather than at the document. */
function invalidUtf8(bytes: Uint8Array, firstLine: number): Finding {
  let line = firstLine;
  let lineStart = 0;
  let offset = 0;
  for (let lo = 0, hi = bytes.length; lo < hi; ) {
    const mid = (lo + hi) >> 1;
    if (decodes(bytes.subarray(0, mid + 1))) lo = mid + 1;
    else hi = mid;
    offset = lo;
  }
  for (let i = 0; i < offset; i += 1) {
    if (bytes[i] === 0x0a) {
      line += 1;
      lineStart = i + 1;
    }
  }
  const column = new TextDecoder().decode(bytes.subarray(lineStart, offset)).length + 1;
  const found =
    offset < bytes.length
      ? `the byte 0x${(bytes[offset] as number).toString(16).padStart(2, "0")} that is not valid UTF-8`
      : "an incomplete UTF-8 sequence at the end";
  return {
    code: "json/invalid-utf8",
    severity: "error",
    message: `expected UTF-8 text, found ${found}`,
    pointer: "",
    line,
    column,
  };
}

function decodes(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}
