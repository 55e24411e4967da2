import { join } from "node:path";
import { compareFiles } from "../src/index.js";
import { oracleSuite } from "./oracle/suite.js";
import { pairs, publishedRequest } from "./published.js";

/**
 * The instance oracle over SchemaStore histories as published (../shared/reference/schema-histories-published):
 * the 30 pairs of its pairs.txt, each side given the files its absolute `$ref`s name (`rN-<commit>-refs/`,
 * as `--ref-map https://json.schemastore.org/=DIR`; package.json's two www.schemastore.org references are
 * not in the corpus and read as {}). No pair may be refused (oracle/suite.ts holds the rest).
 */
oracleSuite(
  "instance oracle on ../shared/reference/schema-histories-published",
  pairs.map(([series, a, b]) => ({
    key: `${series}/${a}-${b}`,
    compare: () => compareFiles(publishedRequest(series, a, b)),
  })),
  join(import.meta.dirname, "expected", "oracle-published-baseline.json"),
);
