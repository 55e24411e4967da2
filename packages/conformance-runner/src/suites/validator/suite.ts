import type { Target } from "../../process/target.js";
import { problemText, Verdicts } from "../../verdicts.js";
import type { SuiteOptions, SuiteRun } from "../suite.js";
import { AdapterSession } from "./adapter.js";
import { checkFor, SCHEMA_MUSTS, validatorChecks } from "./checks.js";
import { type Comparison, compare, type Disagreement } from "./compare.js";
import { checkoutRoot, loadCorpus } from "./corpus.js";

/** Runs every fixture of every protocol through the adapter; the comparison, for the suite and the table. */
export async function compareTarget(
  target: Target,
  options: SuiteOptions,
): Promise<{ comparison: Comparison; couldNotStart?: string; stderr: string }> {
  const corpus = loadCorpus(checkoutRoot());
  const session = new AdapterSession(target, options);
  try {
    const comparison = await compare(session, corpus, options.onProgress);
    const couldNotStart = session.channel.startFailure();
    return { comparison, stderr: session.channel.stderr(), ...(couldNotStart ? { couldNotStart } : {}) };
  } finally {
    await session.close();
  }
}

/** `keel conform validator`: the adapter's verdicts against keel's, each disagreement under its probe's check. */
export async function runValidatorSuite(target: Target, options: SuiteOptions): Promise<SuiteRun> {
  const { comparison: c, couldNotStart, stderr } = await compareTarget(target, options);
  const v = new Verdicts(validatorChecks);
  if (couldNotStart) return { checks: v.list(), couldNotStart, stderr, capabilities: [] };
  v.expect("validator/handshake", c.hello ? undefined : c.broken, {
    expected: '{"keel_validator":1,"name":…}',
  });
  if (c.broken && c.hello)
    v.expect("validator/answers", c.broken, { actual: `${c.answered} requests answered before` });
  const loadProblems = c.protocols.filter((p) => p.loadProblem).map((p) => `${p.protocol}: ${p.loadProblem}`);
  if (c.protocols.length > 0)
    v.expect("validator/loads", loadProblems.length ? loadProblems.join("; ") : undefined);
  if (c.broken) v.blockRest(c.hello ? "validator/answers" : "validator/handshake", problemText(c.broken));
  else if (c.answered > 0) v.pass("validator/answers");
  const all = c.protocols.flatMap((p) => p.disagreements);
  for (const info of validatorChecks.filter((i) => !i.requirements.includes("validator/adapter-protocol"))) {
    const mine = all.filter((d) => checkFor(d.probes) === info.name);
    const seen = c.protocols.some((p) =>
      Object.keys(p.probed).some((k) => checkFor(k ? [k] : []) === info.name),
    );
    if (!seen) {
      v.skip(info.name, "no fixture probes it");
      continue;
    }
    if (mine.length === 0) {
      if (!c.broken) v.pass(info.name);
      continue;
    }
    // each protocol's disagreements rest on its own schema MUST (and JSON Schema's), or on keel's reading
    const protocols = [...new Set(mine.map((d) => d.protocol))];
    const rests = info.requirements.includes("validator/schema-verdict")
      ? ["validator/schema-verdict", ...protocols.flatMap((p) => (SCHEMA_MUSTS[p] ? [SCHEMA_MUSTS[p]] : []))]
      : info.requirements;
    v.fail(
      info.name,
      protocols.map((p) => `${p}: ${summary(mine.filter((d) => d.protocol === p))}`).join("; "),
      {
        expected: "keel's verdict (ajv on the canonical schema)",
        actual: mine.map(line).join("\n"),
        rests,
      },
    );
  }
  return {
    checks: v.list(),
    stderr,
    capabilities: [],
    ...(c.hello ? { implementation: `${c.hello.name} ${c.hello.version}` } : {}),
  };
}

const verdict = (x: boolean | "error") => (x === "error" ? "could not judge" : x ? "valid" : "invalid");

function summary(ds: readonly Disagreement[]): string {
  const first = ds[0] as Disagreement;
  return `${ds.length} fixture${ds.length === 1 ? "" : "s"} judged otherwise, first ${first.file} (keel ${verdict(first.keel)}, the adapter ${verdict(first.adapter)})`;
}

const line = (d: Disagreement) =>
  `conformance/${d.protocol}/fixtures/${d.file}: keel ${verdict(d.keel)}, adapter ${verdict(d.adapter)}${d.probes.length ? ` [${d.probes.join(", ")}]` : ""} — ${d.detail.slice(0, 160)}`;
