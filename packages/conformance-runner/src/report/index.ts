import type { ConformReport } from "../conform.js";
import { json } from "./json.js";
import { junit } from "./junit.js";
import { pretty } from "./pretty.js";

/** Reporters by name, with the file each writes under --out. */
export const reporters: Record<string, { render: (r: ConformReport) => string; file: string }> = {
  pretty: { render: pretty, file: "report.txt" },
  json: { render: json, file: "report.json" },
  junit: { render: junit, file: "junit.xml" },
};
