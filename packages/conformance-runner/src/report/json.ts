import type { ConformReport } from "../conform.js";

/** The whole report as JSON (the README documents its shape). */
export const json = (r: ConformReport): string => `${JSON.stringify(r, null, 2)}\n`;
