import { isRecord, jsonType } from "@keel/diagnostics";
import { invalidAt } from "./candidate.js";
import { locOf } from "./context.js";
import type { Rule } from "./env.js";
import { setAt } from "./json.js";
import { childPointer, where, withKeyword } from "./site-facts.js";

const OTHER_TYPES: unknown[] = [[], "keel", 42, true, {}, null];
const NO_BRANCH = "keel-no-branch";

/**
 * Faults of a union (`anyOf`/`oneOf`), one set per union location, so every union document type gets
 * invalid fixtures even when its branches are open objects that tolerate any fault inside them: the
 * discriminating property (a string every branch pins down: MCP's `method`, a content block's `type`)
 * given a value no branch takes, and a value of a JSON type no branch accepts. ajv rejects both with the
 * union's own keyword at the union's pointer.
 */
export const noBranch: Rule = function* (site, base, env) {
  for (const keyword of ["anyOf", "oneOf"]) {
    for (const { ctx, schema } of withKeyword(site, keyword)) {
      // a nullable (pydantic's anyOf [X, null]) is no union of shapes: the wrong-type fault covers it
      const branches = (schema[keyword] as unknown[]).filter((b) => !(isRecord(b) && b.type === "null"));
      if (branches.length < 2) continue;
      const value = site.value;
      if (isRecord(value)) {
        yield {
          key: `${locOf(ctx)}|${keyword}|discriminator`,
          make: () => {
            for (const [name, v] of Object.entries(value)) {
              if (typeof v !== "string") continue;
              const changed = { ...value, [name]: NO_BRANCH };
              if (env.matcher.matches(changed, ctx)) continue;
              return invalidAt(
                base.type,
                site.pointer,
                keyword,
                `${keyword}-${name}`,
                `${childPointer(site.pointer, name)} holds "${NO_BRANCH}", which no branch of the ${keyword} at ${where(site.pointer)} takes`,
                setAt(base.doc, site.path, changed),
              );
            }
            return { skipped: "no string property that every branch pins down" };
          },
        };
      }
      yield {
        key: `${locOf(ctx)}|${keyword}|type`,
        make: () => {
          const other = OTHER_TYPES.find(
            (v) => jsonType(v) !== jsonType(value) && !env.matcher.matches(v, ctx),
          );
          if (other === undefined) return { skipped: "some branch accepts every json type" };
          return invalidAt(
            base.type,
            site.pointer,
            keyword,
            `${keyword}-type`,
            `${where(site.pointer)} holds a ${jsonType(other)}, which no branch of the ${keyword} accepts`,
            setAt(base.doc, site.path, other),
          );
        },
      };
    }
  }
};
