// A user's script: keel's protocol packages imported as ESM, their validators run on documents.
import { readFileSync } from "node:fs";
import { validateRequest } from "@keel/mira";
import { validateTrail } from "@keel/myrmo";

const trail = JSON.parse(readFileSync("trail.json", "utf8"));
const request = { jsonrpc: "2.0", id: 1, method: "initialize", params: {} };
const verdicts = [
  validateTrail(trail).valid === true,
  validateTrail({ ...trail, problem: undefined, protocol_version: 7 }).valid === false,
  validateRequest(request).valid === validateRequest(structuredClone(request)).valid,
  validateRequest({ id: 1 }).valid === false,
];
if (verdicts.includes(false)) throw new Error(`unexpected verdicts ${verdicts}`);
console.log(`checked ${verdicts.length} documents`);
