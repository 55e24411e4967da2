// What `git apply` and `patch` need of a unified diff: `---`/`+++` headers, then hunks whose header counts
// match their lines (a count left out is 1). Text before the first header (`diff --git`, `index`) is allowed.

const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
/** A line that may follow a finished hunk: the next hunk, or the next file's section. */
const nextSection = /^(@@ |--- |diff |index |Index: )/;

/** Why `diff` is not a unified diff, or undefined when it is one. */
export function unifiedDiffProblem(diff: string): string | undefined {
  const missing = [
    /^--- /m.test(diff) ? undefined : "--- header",
    /^\+\+\+ /m.test(diff) ? undefined : "+++ header",
    /^@@ -\d+(,\d+)? \+\d+(,\d+)? @@/m.test(diff) ? undefined : "@@ hunk header",
  ].filter((what) => what !== undefined);
  if (missing.length > 0)
    return `expected a unified diff (--- and +++ headers, then @@ -l,n +l,n @@ hunks), found no ${missing.join(", no ")}`;
  const lines = diff.split("\n");
  // the text's final newline ends the last line; it does not start an empty one
  if (lines.at(-1) === "") lines.pop();
  let i = 0;
  let hunks = 0;
  while (i < lines.length) {
    const m = hunkHeader.exec(lines[i] as string);
    if (m === null) {
      if (hunks > 0 && !nextSection.test(lines[i] as string))
        return `expected a hunk or a file header after hunk ${hunks}, found line ${i + 1} ${JSON.stringify(clip(lines[i] as string))}`;
      i++;
      continue;
    }
    hunks++;
    const header = m[0];
    const wantOld = m[2] === undefined ? 1 : Number(m[2]);
    const wantNew = m[4] === undefined ? 1 : Number(m[4]);
    let old = 0;
    let added = 0;
    i++;
    while (i < lines.length && (old < wantOld || added < wantNew)) {
      const line = lines[i] as string;
      const mark = line[0];
      if (mark === " " || line === "") {
        old++;
        added++;
      } else if (mark === "-") old++;
      else if (mark === "+") added++;
      else if (mark !== "\\") break;
      i++;
    }
    // "\ No newline at end of file" may close the hunk
    while (i < lines.length && (lines[i] as string).startsWith("\\")) i++;
    if (old !== wantOld || added !== wantNew)
      return `expected hunk ${hunks} (${header}) to hold ${wantOld} old and ${wantNew} new lines, found ${old} and ${added}`;
  }
  return undefined;
}

const clip = (line: string): string => (line.length > 40 ? `${line.slice(0, 40)}…` : line);
