// No fault: results leave out trial 0 and trials 1, as the seed's serde does (skip_serializing_if); they
// echo the defaults. The suite passes it (packages/conformance-runner/src/suites/mira/suite.test.ts).
import { start } from "./_study.mjs";

const strip = (r) => {
  if (!r || typeof r !== "object") return r;
  const { trial, trials, ...rest } = r;
  return { ...rest, ...(trial ? { trial } : {}), ...(trials > 1 ? { trials } : {}) };
};
start({
  out: (m, write, req) =>
    write(
      ["run", "execute", "score"].includes(req?.method) && m.result ? { ...m, result: strip(m.result) } : m,
    ),
});
