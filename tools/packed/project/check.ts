// A user's TypeScript: keel's generated types and validators, type-checked against the packed declarations.
import type { ValidationResult } from "@keel/mira";
import { validateRequest } from "@keel/mira";
import { validateTrail } from "@keel/myrmo";
import type { Trail } from "@keel/myrmo/types";
import { TrailSchema } from "@keel/myrmo/zod";

export function publishable(trail: Trail): boolean {
  const result: ValidationResult = validateTrail(trail);
  return result.valid && TrailSchema.safeParse(trail).success;
}

export const requestOk: boolean = validateRequest({ jsonrpc: "2.0", id: 1, method: "initialize" }).valid;

// @ts-expect-error a trail's protocol_version is a string, so the types are real (not any)
export const wrong: Trail["protocol_version"] = 1;
