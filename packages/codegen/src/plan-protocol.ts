import { loadSchemaSet, type Registry } from "@keel/schema-model";
import { generateFixtures } from "./fixture-gen/index.js";
import { loadProtocolRules } from "./fixture-gen/protocol-rules.js";
import { StageClock, type StageTimes } from "./gen-timings.js";
import type { GeneratedFile } from "./generated-file.js";
import { generateLangPackages } from "./lang/index.js";
import { generateProtocolPackage } from "./protocol-package.js";
import { generateRequirements } from "./requirements.js";
import { normalisedSchemas } from "./schema-text.js";
import { assertSupported } from "./zod/supported.js";

/**
 * Everything `keel gen` owns for one protocol — its schemas' formatting, its package's generated files, its
 * fixtures, requirements catalogues and other languages' packages — with the time each stage took.
 */
export async function planProtocolTimed(
  root: string,
  registry: Registry,
  protocol: string,
): Promise<{ files: GeneratedFile[]; times: StageTimes }> {
  const clock = new StageClock();
  const { set, schemas } = await clock.time("schemas", () => {
    const set = loadSchemaSet(root, registry, protocol);
    assertSupported(set);
    return { set, schemas: normalisedSchemas(root, set.own) };
  });
  const typescript = await clock.time("typescript", () =>
    generateProtocolPackage(root, registry, protocol, set),
  );
  const fixtures = await clock.time("fixtures", async () =>
    generateFixtures(root, registry, protocol, { set, rules: await loadProtocolRules(root, protocol) }),
  );
  const requirements = await clock.time("requirements", () => generateRequirements(root, protocol));
  const languages = await clock.time("languages", () => generateLangPackages(root, registry, set));
  return {
    files: [...schemas, ...typescript, ...fixtures, ...requirements, ...languages],
    times: clock.times,
  };
}
