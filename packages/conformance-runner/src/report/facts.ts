import { readFileSync } from "node:fs";
import { registryEntry as atif } from "@keel/atif";
import { registryEntry as mira } from "@keel/mira";
import { registryEntry as myrmo } from "@keel/myrmo";
import { registryEntry as slipway } from "@keel/slipway";

/** The report format this keel writes (report.schema.json); a reader refuses any other. */
export const REPORT_VERSION = 1;

const versions: Record<string, string> = {
  atif: atif.version,
  mira: mira.version,
  myrmo: myrmo.version,
  slipway: slipway.version,
};

/** The protocol version a suite checks: the registry's current version of its protocol. */
export const protocolVersionOf = (protocol: string): string => versions[protocol] ?? "unknown";

/** keel's version, from the runner's package.json (released in step with the cli). */
export function keelVersion(): string {
  const url = new URL("../../package.json", import.meta.url);
  return (JSON.parse(readFileSync(url, "utf8")) as { version: string }).version;
}
