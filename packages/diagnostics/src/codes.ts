import { catalogue } from "./catalogue.js";
import type { CodeDescription } from "./code-description.js";
import { schemaKeywordCodes } from "./schema-keyword-codes.js";

/** A stand-in for any message parameter: prints as `<name>`, joins as `<name…>`. */
function placeholders(): unknown {
  return new Proxy(
    {},
    {
      get: (_, key) => Object.assign(new String(`<${String(key)}>`), { join: () => `<${String(key)}…>` }),
    },
  );
}

/** The catalogue's codes: the summary is the meaning, the message template (with placeholders) the example. */
const catalogueCodes: readonly CodeDescription[] = Object.entries(catalogue).map(([code, spec]) => ({
  code,
  meaning: `${spec.summary} (${spec.severity})`,
  requirements: [],
  example: (spec.message as (p: unknown) => string)(placeholders()),
}));

/** Every code diagnostics itself defines: the message catalogue and one code per JSON Schema keyword. */
export const diagnosticsCodes: readonly CodeDescription[] = [...catalogueCodes, ...schemaKeywordCodes];
