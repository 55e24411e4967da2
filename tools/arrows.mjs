// The one-way arrows of ARCHITECTURE.md: which @keel packages each package may depend on. `protocol-*`
// stands for every generated protocol package. Checked by check-arrows.mjs in `pnpm check`.
export const ALLOWED = {
  diagnostics: [],
  "schema-model": ["diagnostics"],
  // the downgrade runtime: generated protocol packages import it, so it stays a leaf beside diagnostics
  downgrade: ["diagnostics"],
  // what generated zod schemas call: a leaf depending on zod alone
  "zod-runtime": [],
  // codegen plans downgrades through compat (which owns them) and emits them into protocol packages,
  // with an import of the runtime (@keel/downgrade) they run on; its zod modules import @keel/zod-runtime,
  // whose exports it checks each helper name against
  codegen: ["diagnostics", "schema-model", "compat", "downgrade", "zod-runtime"],
  "protocol-*": ["diagnostics", "downgrade", "zod-runtime", "protocol-*"],
  // compat compiles downgrade plans (the plan type is the runtime's)
  compat: ["diagnostics", "schema-model", "downgrade"],
  // the bulk validation engine: reads inputs, detects types, checks with the protocol packages
  validate: ["diagnostics", "schema-model", "protocol-*"],
  // suites may check bodies with the engine (type detection, explained and located findings)
  "conformance-runner": ["diagnostics", "protocol-*", "validate"],
  reference: ["diagnostics", "protocol-*"],
  cli: ["*"],
  tools: ["*"],
};

// What a package's tests may use beyond ALLOWED (devDependencies, imported only by *.test.ts and test/):
// protocol packages' tests read the committed fixtures and examples through schema-model's readers.
export const TEST_ALLOWED = {
  "protocol-*": ["schema-model"],
  // the reference slipway's replay of the real CLI's recording matches through the runner's golden matchers
  reference: ["conformance-runner"],
};

// devDependencies source files may import at run time, loaded only where they are installed: the cli's
// `keel gen` runs codegen, which a checkout's workspace links and an npm install of the cli leaves out
// (gen then says it needs a checkout), so installing the cli does not pull in the generators.
export const DEV_AT_RUN_TIME = {
  cli: ["codegen"],
};
