import { registryEntry } from "@keel/mira";
import type { Target } from "../../process/target.js";
import type { Verdicts } from "../../verdicts.js";
import { json } from "../kit/values.js";
import type { SuiteOptions } from "../suite.js";
import { newContext } from "./context.js";
import { sessionPhase } from "./phase-session.js";
import { openStudy } from "./study.js";

/** Lines that may kill a study, each sent in a session of its own so a crash is one finding. */
const probes = [
  { check: "mira/survives-malformed-line", line: '{"id": 999999, "method": "list", this is not json' },
  { check: "mira/survives-non-object-line", line: "[1,2]" },
  { check: "mira/survives-non-object-line", line: "null" },
  { check: "mira/survives-non-object-line", line: "42" },
] as const;

/**
 * The protocol's malformed-input rule (§ Errors: a line that cannot be parsed as a request is
 * reported and skipped, the loop continues), probed on a fresh study per line: initialize, the line,
 * then `list`, which must still be answered. The lines the study wrote are judged like any session's.
 */
export async function lineProbes(target: Target, options: SuiteOptions, v: Verdicts): Promise<void> {
  for (const { check, line } of probes) {
    const { channel, session: s } = openStudy(target, options);
    const ctx = newContext(s, v, options);
    try {
      const params = { protocol_version: registryEntry.version, host: "keel-conform" };
      const init = await s.request("initialize", params);
      if (!init.response) {
        v.skip(check, `the study did not answer initialize in a fresh session: ${init.missing}`);
        continue;
      }
      s.sendRaw(line);
      const o = await s.request("list");
      const why = o.missing ?? `it answered ${json(o.response)}`;
      v.expect(
        check,
        o.response?.result ? undefined : `after the line ${line}, list was not answered: ${why}`,
        {
          expected: "the line skipped and list answered",
          actual: o.response ? json(o.response) : `${o.missing}${tail(channel.stderr())}`,
        },
      );
      sessionPhase(ctx);
    } finally {
      s.close();
      await channel.kill();
    }
  }
}

const tail = (text: string) => {
  const last = text.trim().split("\n").slice(-3).join(" | ");
  return last ? `; stderr: ${last}` : "";
};
