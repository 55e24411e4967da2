import { join } from "node:path";
import { findRoot, loadRegistry } from "../src/index.js";

/** The repository these tests check, its registry, and ../shared (the seeds and upstream references). */
export const root = findRoot(import.meta.dirname);
export const registry = loadRegistry(root);
export const shared = process.env.KEEL_SHARED ?? join(root, "..", "shared");
export const protocols = Object.keys(registry.protocols);
