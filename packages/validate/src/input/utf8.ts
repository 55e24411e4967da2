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
  // `offset` is where decoding failed; the bad sequence may have begun up to 3 bytes earlier (0xd0 then
  // 0x61 fails at the 0x61, but the 0xd0 is the byte that is wrong): back up to the last complete prefix
  const failedAt = offset;
  for (let start = offset; failedAt < bytes.length && start >= Math.max(0, offset - 3); start -= 1)
    if (decodesWhole(bytes.subarray(0, start))) {
      offset = start;
      break;
    }
  for (let i = 0; i < offset; i += 1) {
    if (bytes[i] === 0x0a) {
      line += 1;
      lineStart = i + 1;
    }
  }
  const column = new TextDecoder().decode(bytes.subarray(lineStart, offset)).length + 1;
  const hex = (b: number | undefined) => `0x${(b ?? 0).toString(16).padStart(2, "0")}`;
  const sequence = Array.from(bytes.subarray(offset, Math.min(failedAt + 1, bytes.length)), hex);
  const found =
    offset >= bytes.length
      ? "an incomplete UTF-8 sequence at the end"
      : sequence.length > 1
        ? `the byte ${sequence[0]} starting an invalid UTF-8 sequence (${sequence.join(" ")})`
        : `the byte ${sequence[0]} that is not valid UTF-8`;
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

function decodesWhole(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
