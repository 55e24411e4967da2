// Fault: an outcome holding an integer past Number.MAX_SAFE_INTEGER as written (2^53, valid: the schema sets no maximum) is refused invalid_outcome, as a safe-integer decoder does. Trips slipway/lifecycle.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fakeSlipway, flag } from "./_slipway.mjs";

// 16 digits or more, as a number (outside strings): 9007199254740992 and past it
const unsafe = /[:[,]\s*-?\d{16,}\s*[,\]}]/;

await fakeSlipway({
  onCall: async (argv, run) => {
    if (argv[0] !== "protocol" || argv[1] !== "submit" || !argv.includes("--outcome-file")) return undefined;
    const text = readFileSync(flag(argv, "--outcome-file"), "utf8");
    if (!unsafe.test(text)) return undefined;
    // the reference's own refusal of a non-integer there: a real invalid_outcome with its next
    const dir = mkdtempSync(join(tmpdir(), "keel-safe-"));
    const spoilt = join(dir, "outcome.json");
    writeFileSync(spoilt, text.replace(/(-?\d{16,})/, '"$1"'));
    try {
      return await run(argv.map((w, i) => (argv[i - 1] === "--outcome-file" ? spoilt : w)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
});
