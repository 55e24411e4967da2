import { KeelError } from "@keel/diagnostics";

/** Compat stage: a version to compare that cannot be found or read, a bump that cannot be made. */
export class CompatError extends KeelError {}
