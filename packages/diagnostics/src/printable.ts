/**
 * Text quoted from a document, safe to print on a terminal: C0 control characters (but tab and newline),
 * DEL and the C1 range are written as `\uXXXX`, so a NUL, an escape sequence or a CSI byte in a value or
 * a pattern can neither drive the terminal nor vanish from the message.
 */
export function printable(text: string, keepNewlines = true): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, (c) =>
    c === "\n" && keepNewlines ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
