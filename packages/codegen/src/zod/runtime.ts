import * as zodRuntime from "@keel/zod-runtime";

/** The package every generated zod module imports its helpers from (a leaf depending on zod alone). */
export const RUNTIME_MODULE = "@keel/zod-runtime";

/**
 * The import of the helpers a module calls, sorted. A name the runtime does not export is the emitter's
 * bug, refused here rather than in the protocol package's build.
 */
export function runtimeImport(used: ReadonlySet<string>): {
  moduleSpecifier: string;
  namedImports: string[];
} {
  for (const name of used)
    if (!Object.hasOwn(zodRuntime, name)) throw new Error(`${RUNTIME_MODULE} exports no helper ${name}`);
  return { moduleSpecifier: RUNTIME_MODULE, namedImports: [...used].sort() };
}

/** The import `ajvFormat` needs: ajv-formats' table, passed to it (ajv-formats is CommonJS; Node's ESM loader sees its named exports). */
export const AJV_FORMATS_IMPORT = {
  moduleSpecifier: "ajv-formats/dist/formats.js",
  namedImports: ["fullFormats"],
};
