// The one-way arrows of DESIGN.md: which @keel packages each package may depend on. `protocol-*`
// stands for every generated protocol package. Checked by check-arrows.mjs in `pnpm check`.
export const ALLOWED = {
  diagnostics: [],
  "schema-model": ["diagnostics"],
  // codegen plans downgrades through compat (which owns them) and emits them into protocol packages
  codegen: ["diagnostics", "schema-model", "compat"],
  "protocol-*": ["diagnostics", "protocol-*"],
  compat: ["diagnostics", "schema-model"],
  "conformance-runner": ["diagnostics", "protocol-*"],
  reference: ["diagnostics", "protocol-*"],
  cli: ["*"],
  tools: ["*"],
};
