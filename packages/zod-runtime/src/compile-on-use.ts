import { z } from "zod";

/**
 * zod's own compiler (z.compile) for each of `schemas`, from the first time it runs: generated code for the
 * values it accepts, zod's runtime (the same verdict, the same issues) for any value it refuses. This is
 * zod's "zod/compile" mode for one module's schemas only; nothing compiles at load, and a schema
 * z.compile cannot model (one in a recursion cycle) keeps the runtime.
 */
export function compileOnUse(schemas: readonly z.ZodType[]): void {
  // zod marks a parse its compiled code handed back to the runtime (to report issues): no compiling there
  const fallback = Symbol.for("zod.compile.fallback");
  // a definition may be another's alias: wrap each instance once
  for (const schema of new Set(schemas)) {
    const runtime = schema._zod.run;
    schema._zod.run = (payload, ctx) => {
      if (
        ctx?.async ||
        ctx?.direction === "backward" ||
        ctx?.skipChecks ||
        (ctx as Record<symbol, unknown>)?.[fallback]
      )
        return runtime(payload, ctx);
      // z.compile falls back to the run it finds on the schema: the runtime, never this wrapper
      schema._zod.run = runtime;
      schema._zod.run = z.compile(schema)._zod.run;
      return schema._zod.run(payload, ctx);
    };
  }
}
