/** `lines` JSON texts of a deterministic Mira session capture (mira-capture.mjs); the same on every call. */
export declare function miraCaptureLines(lines: number): string[];
