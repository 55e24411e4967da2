import type { Finding } from "@keel/diagnostics";
import { ruleFinding } from "@keel/diagnostics";

// The colony HTTP API limits request bodies to 64 KB and answers 413 `too_large` (reference README,
// "The Myrmo colony HTTP API"); read as 64 × 1024 bytes.
const maxBodyBytes = 64 * 1024;

/** `myrmo/body-too-large`: the compact JSON encoding (the smallest body that can carry it) fits in 64 KB. */
export function bodySize(document: unknown): Finding[] {
  const bytes = new TextEncoder().encode(JSON.stringify(document) ?? "").length;
  return bytes <= maxBodyBytes
    ? []
    : [
        ruleFinding(
          "myrmo/body-too-large",
          "",
          `expected a body of at most ${maxBodyBytes} bytes (a colony answers 413 too_large), found ${bytes} bytes even as compact json`,
        ),
      ];
}
