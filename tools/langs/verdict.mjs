// What one language's round-trip driver printed, judged document by document: round-tripped, refused,
// changed (with the first differing pointer), or held back by a known limit.
import { firstDifference, parseExact } from "./json-exact.mjs";

/**
 * What a language's generated types cannot carry, by dialect probe (docs/dialects.md), and why: a valid
 * probe fixture of these that does not round-trip is a known limit, counted and not failed; any other
 * document still fails. The list can only shrink: a listed limit that no longer occurs (documents carry
 * the probe and every one round-trips) fails the run until it is removed here.
 * A lone surrogate (`\ud800`) is legal in a JSON string but not in UTF-8, and both languages' strings are
 * UTF-8: keeping one would take a string type of keel's own in place of every `string`/`String` member.
 */
export const KNOWN_LIMITS = {
  go: {
    "string-lone-surrogate": "encoding/json reads a lone surrogate as U+FFFD, so the string changes",
  },
  rust: {
    "string-lone-surrogate": "serde_json refuses a lone surrogate (a Rust String cannot hold one)",
  },
};

/**
 * `docs`: `{ where, text, valid, probes? }` in the order they were fed; `lines`: the driver's output, one
 * `ok<TAB>json` or `err<TAB>message` per document; `listed`: the language's known limits (probe → why).
 * `problems` fail the run; `held` counts, per listed probe, the valid documents it held back.
 */
export function judge(name, docs, lines, listed = {}) {
  let ok = 0;
  let refused = 0;
  let invalid = 0;
  const problems = [];
  const limits = new Map(Object.keys(listed).map((probe) => [probe, { carried: 0, failed: 0 }]));
  for (const [i, d] of docs.entries()) {
    const line = lines[i] ?? "err\tno output";
    const [status, body] = [line.slice(0, line.indexOf("\t")), line.slice(line.indexOf("\t") + 1)];
    if (!d.valid) {
      invalid++;
      if (status !== "ok") refused++;
      continue;
    }
    const pointer = status === "ok" ? firstDifference(parseExact(d.text), parseExact(body)) : undefined;
    const limit = limits.get(d.probes?.find((p) => limits.has(p)));
    if (limit !== undefined) limit.carried++;
    if (status === "ok" && pointer === undefined) ok++;
    else if (limit !== undefined) limit.failed++;
    else if (status !== "ok") problems.push(`${d.where}: ${name} refused it: ${body.slice(0, 300)}`);
    else problems.push(`${d.where}: ${name} changed it at ${pointer}`);
  }
  const failedDocuments = problems.length;
  for (const [probe, { carried, failed }] of limits)
    if (carried > 0 && failed === 0)
      problems.unshift(
        `known limit ${probe} no longer occurs (${carried} documents carry it, all round-trip): remove it from KNOWN_LIMITS`,
      );
  const held = [...limits].filter(([, l]) => l.failed > 0).map(([probe, l]) => ({ probe, count: l.failed }));
  return { ok, failedDocuments, refused, invalid, problems, held };
}
