/**
 * The one rule for a protocol version, in keel's code and in `schemas/registry.schema.json` (a test holds
 * them equal): dotted numbers (`1`, `1.2`, `0.3.1`) or a date (`2025-06-18`, as MCP names its releases).
 */
export const VERSION_PATTERN =
  "^(?:[0-9]+(?:\\.[0-9]+)*|[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01]))$";

const VERSION = new RegExp(VERSION_PATTERN);
const DATE = /^[0-9]{4}-/;

export const isVersion = (version: string): boolean => VERSION.test(version);

/** A date version: every release is named by its date, so each one is gated like a major. */
export const isDateVersion = (version: string): boolean => isVersion(version) && DATE.test(version);
