import { join } from "node:path";

/** Where a protocol's generated package lives (kept apart from the generators, which are slow to import). */
export const packageDir = (protocol: string): string => join("packages", `protocol-${protocol}`);
export const generatedDir = (protocol: string): string => join(packageDir(protocol), "src", "generated");
/** Where a protocol's Python, Go and Rust packages live: every file under it is `keel gen`'s. */
export const langDir = (protocol: string): string => join(packageDir(protocol), "lang");
