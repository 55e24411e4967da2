import { KeelError } from "@keel/diagnostics";

/** The implementation could not be started, or the suite cannot run or record: exit 2, not a verdict. */
export class ConformError extends KeelError {
  constructor(code: string, message: string) {
    super(code, message);
  }
}
