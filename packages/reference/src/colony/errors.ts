import type { ErrorEnvelope } from "@keel/myrmo";
import type { ErrorDetail } from "@keel/myrmo/types";
import { type ErrorCode, maxDetails, statusOf } from "./facts.js";

/** A request the colony refuses: the HTTP status comes from the registry's error code. */
export class Refusal {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    this.status = statusOf(code);
  }

  body(): ErrorEnvelope {
    const error: ErrorEnvelope["error"] = { code: this.code, message: this.message };
    if (this.details !== undefined) error.details = this.details.slice(0, maxDetails);
    return { error };
  }
}
