import { join } from "node:path";

/** Where a protocol's generated package lives (kept apart from the generators, which are slow to import). */
export const packageDir = (protocol: string): string => join("packages", `protocol-${protocol}`);
export const generatedDir = (protocol: string): string => join(packageDir(protocol), "src", "generated");
