// Fault: the summarize action is labelled "summary" (outcomes may say either). Trips slipway/action-kind.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fakeSlipway } from "./_slipway.mjs";

await fakeSlipway({
  onCall: async (argv, run) => {
    const at = argv.indexOf("--outcome-file");
    if (at < 0) return undefined;
    // read the outcome as the reference would, with the kind it knows, from a private copy
    const dir = mkdtempSync(join(tmpdir(), "keel-fake-"));
    try {
      const file = join(dir, "outcome.json");
      writeFileSync(
        file,
        readFileSync(argv[at + 1], "utf8").replace('"action_kind": "summary"', '"action_kind": "summarize"'),
      );
      return await run(argv.map((w, i) => (i === at + 1 ? file : w)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  onResult: (r) => ({ ...r, stdout: r.stdout.replaceAll('"kind":"summarize"', '"kind":"summary"') }),
});
