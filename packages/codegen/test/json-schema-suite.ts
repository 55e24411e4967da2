import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { KeelError } from "@keel/diagnostics";
import { createAjv, type Draft, loadSchemaFile, type Registry, SchemaSet } from "@keel/schema-model";
import type { z } from "zod";
import { NameTable } from "../src/names.js";
import { generateZodModule } from "../src/zod/index.js";
import { assertSupported } from "../src/zod/supported.js";
import { root } from "./zod-support.js";

/** The official JSON Schema test suite, a test input from `../shared` (never copied into the repository). */
export const SUITE = join(root, "..", "shared", "reference", "json-schema-test-suite", "tests");

/** The suite's folder of each draft keel reads. */
export const SUITE_DRAFTS: Record<Draft, string> = {
  "draft-04": "draft4",
  "draft-06": "draft6",
  "draft-07": "draft7",
  "2019-09": "draft2019-09",
  "2020-12": "draft2020-12",
};

const URIS: Record<Draft, string> = {
  "draft-04": "http://json-schema.org/draft-04/schema#",
  "draft-06": "http://json-schema.org/draft-06/schema#",
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
};

interface Group {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

/** Per keyword file: tests whose verdict both engines give, tests either gets wrong, tests of groups refused as `gen/unsupported-*`. */
export interface KeywordCount {
  keyword: string;
  passed: number;
  failed: number;
  unsupported: number;
  /** why tests failed: "zod", "ajv", or the generation error's first line */
  reasons: Record<string, number>;
}

/**
 * Run keel's zod generator and keel's ajv on every group of one draft's required tests (not `optional/`):
 * each group's schema is a one-file protocol whose root is the document type.
 */
export async function measureDraft(draft: Draft, scratch: string): Promise<KeywordCount[]> {
  const folder = join(SUITE, SUITE_DRAFTS[draft]);
  const dir = join(scratch, SUITE_DRAFTS[draft]);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const out: KeywordCount[] = [];
  for (const name of readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const keyword = name.replace(/\.json$/, "");
    const count: KeywordCount = { keyword, passed: 0, failed: 0, unsupported: 0, reasons: {} };
    const groups = JSON.parse(readFileSync(join(folder, name), "utf8")) as Group[];
    for (const [i, group] of groups.entries()) {
      const fail = (reason: string, n = group.tests.length): void => {
        count.failed += n;
        count.reasons[reason] = (count.reasons[reason] ?? 0) + n;
      };
      const schema =
        typeof group.schema === "boolean"
          ? { $schema: URIS[draft], ...(group.schema ? {} : { not: {} }) }
          : { $schema: URIS[draft], ...(group.schema as object) };
      const file = `${keyword}-${i}.schema.json`;
      writeFileSync(join(dir, file), JSON.stringify(schema, null, 2));
      let zod: z.ZodType | undefined;
      // what keel's ajv compiles: the schema as keel reads it (a draft-04 one rewritten in draft-07)
      let read: { draft: Draft; schema: object } = { draft, schema };
      try {
        const loaded = loadSchemaFile("unit", "working", file, join(dir, file));
        read = loaded;
        const set = new SchemaSet("unit", "working", [loaded], []);
        assertSupported(set);
        const entry = {
          documentTypes: { doc: { schema: file, pointer: "#", fileKinds: ["json"], summary: file } },
        };
        const registry = { protocols: { unit: entry } } as unknown as Registry;
        const source = generateZodModule(registry, set, new NameTable(registry, set));
        const path = join(dir, `${keyword}-${i}.ts`);
        writeFileSync(path, source);
        zod = ((await import(path)) as Record<string, z.ZodType>).DocSchema;
      } catch (error) {
        if (error instanceof KeelError && error.code.startsWith("gen/unsupported-")) {
          count.unsupported += group.tests.length;
          continue;
        }
        const message = String((error as Error).message).split("\n")[0] ?? "";
        // the cause without the scratch path or the test's own names, so causes group across tests
        const cause = message
          .replaceAll(`${dir}/`, "")
          .replace(/^[\w.-]+\.schema\.json(:\d+:\d+)?: /, "")
          .replace(/https?:\/\/\S+|[\w.-]+\.schema\.json\S*/g, "…")
          .slice(0, 70);
        fail(`generation: ${cause}`);
        continue;
      }
      if (zod === undefined) {
        fail("generation: no DocSchema");
        continue;
      }
      let ajv: ((data: unknown) => boolean) | undefined;
      // draft-04: the file as written, by ajv-draft-04 (the other drafts are read as written)
      let reference: ((data: unknown) => boolean) | undefined;
      try {
        const compiled = createAjv(read.draft, { strict: false }).compile(read.schema);
        ajv = (data) => compiled(data) === true;
        if (read.draft !== draft) {
          const own = createAjv(draft, { strict: false }).compile(schema);
          reference = (data) => own(data) === true;
        }
      } catch (error) {
        fail(`ajv: ${String((error as Error).message).slice(0, 70)}`);
        continue;
      }
      for (const t of group.tests) {
        const zodOk = zod.safeParse(t.data).success === t.valid;
        const ajvOk = ajv(t.data) === t.valid;
        const referenceOk = reference === undefined || reference(t.data) === t.valid;
        if (zodOk && ajvOk && referenceOk) count.passed++;
        else if (!referenceOk && zodOk && ajvOk) fail("ajv-draft-04", 1);
        else fail(!zodOk && !ajvOk ? "zod and ajv" : zodOk ? "ajv" : "zod", 1);
      }
    }
    out.push(count);
  }
  return out;
}

export const suiteAvailable = (): boolean => existsSync(SUITE);

/** The docs page: per draft, the totals and each keyword file's counts, with the causes of its failures. */
export function suiteMarkdown(results: [Draft, KeywordCount[]][]): string {
  const lines = [
    "# keel's generator on the official JSON Schema test suite",
    "",
    "Generated by `KEEL_TEST=soak KEEL_UPDATE_SUITE=1 pnpm --filter @keel/codegen test json-schema-suite`;",
    "do not edit by hand (`packages/codegen/test/json-schema-suite.soak.test.ts` fails when it is stale).",
    "",
    "Each test group's schema is generated as a one-file protocol (its root the document type) and each test's",
    "data is checked with keel's zod schema and keel's ajv: **passed** when both give the suite's verdict,",
    "**unsupported** when generation refused the schema with a located `gen/unsupported-*` (counted apart,",
    "never a verdict), **failed** otherwise, by cause: `zod`, `ajv`, `zod and ajv` (a wrong verdict), or",
    "`generation:` (the generator stopped with another error: remote `$ref`s to `http://localhost:1234/` are",
    "not served, `$ref`s to `$id`s and anchors inside a schema are not resolved). Required tests only",
    "(`optional/` is left out). A draft-04 schema is generated from its draft-07 equivalent (`id` as `$id`, a",
    "boolean `exclusiveMaximum` as the bound) and keel's ajv compiles that; ajv-draft-04, the reference for",
    "the file as written, must give the suite's verdict too (`ajv-draft-04` as a cause when it does not).",
    "",
  ];
  for (const [draft, counts] of results) {
    const total = (k: "passed" | "failed" | "unsupported") => counts.reduce((n, c) => n + c[k], 0);
    lines.push(
      `## ${draft}: ${total("passed")} passed, ${total("failed")} failed, ${total("unsupported")} unsupported`,
      "",
      ...table([
        ["keyword", "passed", "failed", "unsupported", "failures by cause"],
        ...counts.map((c) => [
          c.keyword,
          String(c.passed),
          String(c.failed),
          String(c.unsupported),
          Object.entries(c.reasons)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([why, n]) => `${why.replaceAll("|", "\\|")} (${n})`)
            .join("; "),
        ]),
      ]),
      "",
    );
  }
  return lines.join("\n");
}

/** A markdown table with its columns padded, as the repository's formatter writes them. */
function table(rows: string[][]): string[] {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(3, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [head, ...body] = rows;
  return [line(head ?? []), line(widths.map((w) => "-".repeat(w))), ...body.map(line)];
}
