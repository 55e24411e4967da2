/** Rules whose break the generated documents cannot show, and why. */
export const UNTESTABLE: Record<string, string> = {
  "format-added": "ajv-formats checks a format the faker rarely misses on purpose",
  "format-changed": "ajv-formats checks a format the faker rarely misses on purpose",
  "format-removed": "ajv-formats checks a format the faker rarely misses on purpose",
  "multiple-of-changed": "needs a number on one grid and off the other",
  "default-changed":
    "a default changes what an absent value means (a downgrade fills it); validation does not show it",
};
