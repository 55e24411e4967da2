import type { Generate } from "./candidates.js";

/** json-schema-faker, imported the first time a witness is searched for (keel compat without --witness never loads it). */
export async function loadFaker(): Promise<Generate> {
  const { generateSync } = await import("json-schema-faker");
  return generateSync as unknown as Generate;
}
