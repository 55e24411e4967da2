/** One finding code as `keel explain` and docs/codes.md show it. */
export interface CodeEntry {
  code: string;
  /** which family the code belongs to, the section of docs/codes.md */
  family: string;
  meaning: string;
  /** the clause the code enforces: a spec section, a repository file and heading */
  source: string;
  example: string;
}
