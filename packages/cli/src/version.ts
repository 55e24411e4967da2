import { readFileSync } from "node:fs";

/** keel's version, from this package's package.json (one place to bump). */
export function keelVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}
