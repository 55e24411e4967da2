import type { ConformReport } from "../conform.js";
import { github } from "./github.js";
import { html } from "./html.js";
import { json } from "./json.js";
import { junit } from "./junit.js";
import { pretty } from "./pretty.js";
import { sarif } from "./sarif.js";

/**
 * Reporters by name. With --out, a reporter with a `file` is written there; one without (github's
 * annotations, which the Actions runner reads from stdout) still prints, as pretty does.
 */
export const reporters: Record<string, { render: (r: ConformReport) => string; file?: string }> = {
  pretty: { render: pretty, file: "report.txt" },
  json: { render: json, file: "report.json" },
  junit: { render: junit, file: "junit.xml" },
  sarif: { render: sarif, file: "report.sarif" },
  github: { render: github },
  html: { render: html, file: "report.html" },
};
