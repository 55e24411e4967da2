import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A CommonJS dependency loaded on its first use rather than at import: ajv (≈ 60–90 ms) and yaml (≈ 50 ms)
 * are most of keel's start-up, and the commonest run (valid JSON documents checked by generated
 * validators) needs neither.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(id) as T;
    return loaded;
  };
}
