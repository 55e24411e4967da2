import * as compat from "@keel/compat";
import { suites } from "@keel/conformance-runner";
import { type CodeDescription, diagnosticsCodes } from "@keel/diagnostics";
import { loadRegistry, schemaModelCodes } from "@keel/schema-model";
import { loadProtocol, validateCodes } from "@keel/validate";

/** One code as `keel explain` shows it: its description and the family it is listed under. */
export interface CodeEntry extends CodeDescription {
  /** the section of docs/codes.md: a namespace, `<protocol> rules` or `conform <suite>` */
  family: string;
}

/** Every package's exported code list, in one array: a loop over the owners, no code named here. */
export async function allCodes(root: string): Promise<CodeEntry[]> {
  const byNamespace = (d: CodeDescription): CodeEntry => ({ ...d, family: d.code.split("/")[0] ?? d.code });
  return [
    ...[...diagnosticsCodes, ...schemaModelCodes, ...validateCodes, ...(await codegenCodes())].map(
      byNamespace,
    ),
    ...(await protocolCodes(root)),
    ...compatCodes().map(byNamespace),
    ...suiteChecks(),
  ];
}

/** Each registry protocol's `<protocol>Codes`, from its package's `./checks` entry. */
async function protocolCodes(root: string): Promise<CodeEntry[]> {
  const entries: CodeEntry[] = [];
  for (const protocol of Object.keys(loadRegistry(root).protocols).sort()) {
    const module = (await loadProtocol(protocol, "ajv")) as unknown as Record<string, unknown>;
    const name = `${protocol.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Codes`;
    const codes = (module[name] ?? []) as readonly CodeDescription[];
    entries.push(...codes.map((d) => ({ ...d, family: `${protocol} rules` })));
  }
  return entries;
}

/** `keel gen`'s and `keel new`'s codes: only a checkout carries @keel/codegen, and only there are they reported. */
async function codegenCodes(): Promise<readonly CodeDescription[]> {
  try {
    return (await import("@keel/codegen/codes")).codegenCodes;
  } catch {
    return [];
  }
}

/** compat's `compatCodes`; until that export exists, its rule catalogue read the same way. */
function compatCodes(): readonly CodeDescription[] {
  const own = (compat as { compatCodes?: readonly CodeDescription[] }).compatCodes;
  if (own !== undefined) return own;
  return compat.RULES.map((r) => ({
    code: `compat/${r.id}`,
    meaning: `${r.summary}${r.hint ? ` (${r.hint})` : ""}`,
    requirements: [],
    example: `old strict reader ${r.effects.oldStrictReader}, old lenient reader ${r.effects.oldLenientReader}, new reader ${r.effects.newReader}; bump needed under additive-minor: ${compat.requiredBump(r, "additive-minor")}`,
  }));
}

/** Every conformance suite's `checks` as exported: each check is a CodeDescription. */
function suiteChecks(): CodeEntry[] {
  return suites.flatMap((suite) =>
    suite.checks.map(({ code, meaning, requirements, example }) => ({
      code,
      meaning,
      requirements,
      ...(example === undefined ? {} : { example }),
      family: `conform ${suite.name}`,
    })),
  );
}
