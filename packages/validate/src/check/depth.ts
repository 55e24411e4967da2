import type { Finding } from "@keel/diagnostics";
import { MAX_DEPTH } from "../input/limits.js";

/**
 * A `json/too-deep` finding when `text` nests arrays/objects deeper than MAX_DEPTH, else undefined.
 * Text shorter than 2 × MAX_DEPTH cannot be that deep, so most documents skip the scan.
 */
export function depthFinding(text: string): Finding | undefined {
  if (text.length <= 2 * MAX_DEPTH) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > MAX_DEPTH) {
        return {
          code: "json/too-deep",
          severity: "error",
          message: `expected arrays and objects nested at most ${MAX_DEPTH} deep, found deeper nesting`,
          pointer: "",
        };
      }
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return undefined;
}
