/** RFC 6901 reference tokens: "~" and "/" inside a property name are written "~0" and "~1". */
export function escapeToken(token: PropertyKey): string {
  return String(token).replaceAll("~", "~0").replaceAll("/", "~1");
}

export function unescapeToken(token: string): string {
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}
