import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { RULES, rulesTable } from "../src/index.js";

const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");

/** Markdown tables compared cell by cell: the formatter pads columns. */
const cells = (md: string): string => md.replace(/ *\| */g, "|").replace(/-{3,}/g, "---");

it("README.md embeds the rule catalogue as `keel compat --rules --format markdown` prints it", () => {
  expect(cells(readme)).toContain(cells(rulesTable("markdown")));
});

it("README.md states the number of rules the catalogue has", () => {
  expect(readme).toContain(`lists the ${RULES.length} rules`);
});
