/**
 * Rules whose change no document can show, and why: validation accepts and refuses the same documents
 * (the finding is about meaning). Format and `multipleOf` changes are searched: the plain probes ("x", "")
 * miss most formats, and each version's grid values are tried on the other.
 */
export const UNTESTABLE: Record<string, string> = {
  "default-changed":
    "a default changes what an absent value means (a downgrade fills it); validation does not show it",
};
