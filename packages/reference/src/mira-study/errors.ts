import { registryEntry } from "@keel/mira";

/** An RPC failure the study answers with an `error` response. */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

/** An error code by the start of its registry description ("method not found", "invalid params"…). */
export function errorCode(description: string): number {
  const codes: Record<string, string> = registryEntry.facts.errorCodes;
  const hit = Object.entries(codes).find(([, d]) => d.startsWith(description));
  if (!hit) throw new Error(`no mira error code described as "${description}"`);
  return Number(hit[0]);
}

export const invalidParams = (message: string) => new RpcFailure(errorCode("invalid params"), message);
export const methodNotFound = (method: string) =>
  new RpcFailure(errorCode("method not found"), `method not found: ${method}`);
export const cancelled = () => new RpcFailure(errorCode("internal error"), "cancelled");
