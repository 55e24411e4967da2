import { formatLocation, KeelError, type LineColumn } from "@keel/diagnostics";

/** Loading stage: a schema, registry or example file that is missing, unreadable or malformed. */
export class SchemaLoadError extends KeelError {
  readonly file: string;
  readonly at: LineColumn | undefined;
  /** the message without its location prefix */
  readonly detail: string;

  constructor(code: string, file: string, detail: string, at?: LineColumn, cause?: unknown) {
    super(code, `${formatLocation(file, at)}: ${detail}`, { cause });
    this.file = file;
    this.at = at;
    this.detail = detail;
  }
}
