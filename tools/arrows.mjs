// The one-way arrows of DESIGN.md: which @keel packages each package may depend on. `protocol-*`
// stands for every generated protocol package. Checked by check-arrows.mjs in `pnpm check`.
export const ALLOWED = {
  diagnostics: [],
  "schema-model": ["diagnostics"],
  // codegen plans downgrades through compat (which owns them) and emits them into protocol packages
  codegen: ["diagnostics", "schema-model", "compat"],
  "protocol-*": ["diagnostics", "protocol-*"],
  compat: ["diagnostics", "schema-model"],
  // the bulk validation engine: reads inputs, detects types, checks with the protocol packages
  validate: ["diagnostics", "schema-model", "protocol-*"],
  // suites may check bodies with the engine (type detection, explained and located findings)
  "conformance-runner": ["diagnostics", "protocol-*", "validate"],
  reference: ["diagnostics", "protocol-*"],
  cli: ["*"],
  tools: ["*"],
};
