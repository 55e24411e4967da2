import { beforeAll, describe, expect, test } from "vitest";
import { validatorName } from "../src/ajv/index.js";
import { loadPair, outcome, type Pair, samples } from "./ajv-support.js";
import { protocols } from "./zod-support.js";

// Every fixture and example through keel's generated validator and plain ajv: same verdict, same errors.
const pairs = new Map<string, Pair>();
beforeAll(async () => {
  for (const protocol of protocols) pairs.set(protocol, await loadPair(protocol));
});

describe.each(protocols)("%s", (protocol) => {
  test("keel's ajv validators give plain ajv's verdict and errors on every fixture and example", () => {
    const pair = pairs.get(protocol) as Pair;
    const { fixtures, examples } = samples(protocol);
    const mismatches: string[] = [];
    let invalid = 0;
    for (const s of [...fixtures, ...examples]) {
      const keel = pair.keel[validatorName(s.type)];
      if (keel === undefined) throw new Error(`${protocol} module has no validator for ${s.type}`);
      const want = outcome(pair.reference.validator(s.type), s.value);
      const got = outcome(keel, s.value);
      if (!want.valid) invalid++;
      if (JSON.stringify(got) !== JSON.stringify(want)) mismatches.push(s.id);
      // the success path leaves no errors behind
      if (got.valid) expect(keel.errors).toBeNull();
    }
    console.log(
      `${protocol}: ${fixtures.length} fixtures + ${examples.length} examples, ${invalid} invalid, ${mismatches.length} mismatches`,
    );
    expect(fixtures.length).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  });
});
