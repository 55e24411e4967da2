/**
 * Drop what quicktype declared for nobody: a type that is no named definition and that no other
 * declaration mentions (the enum of a union keel declares itself, such as MCP's `Type` beside
 * `ContentBlock`). Repeated until nothing more goes, since a dropped type may have been the last user of another.
 */
export function dropUnusedDeclarations(declarations: Map<string, string>, keep: ReadonlySet<string>): void {
  for (let dropped = true; dropped; ) {
    dropped = false;
    for (const name of [...declarations.keys()]) {
      if (keep.has(name)) continue;
      const use = new RegExp(`\\b${name}\\b`);
      const used = [...declarations].some(([other, text]) => other !== name && use.test(text));
      if (!used) {
        declarations.delete(name);
        dropped = true;
      }
    }
  }
}
