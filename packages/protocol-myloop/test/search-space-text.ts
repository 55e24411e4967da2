/** A search_space.md with one well-formed reflection (reflection_1 after iter_0, run by iteration 1). */
export const SEARCH_SPACE = `# Search space

## Axes

- prompt-content: seed axis
- topology: seed axis
- control-flow: seed axis
- action-space: seed axis
- observation-pipeline: seed axis
- state-memory: seed axis
- model-component-config: seed axis
- retrieval-memory: episodic retrieval of past viewpoints — distinct from state-memory (added: iter_1)

## reflection_1 (trigger: heartbeat · after iter_0 · audited iter_0..iter_0)

| axis | status | iters | verdict |
| --- | --- | --- | --- |
| prompt-content | partial | iter_0 | baseline prompt only |
| topology | untouched | — | |
| control-flow | untouched | — | |
| action-space | closed | — | fixed by the simulator |
| observation-pipeline | untouched | — | |
| state-memory | untouched | — | |
| model-component-config | exhausted | iter_0 | model is fixed |
| retrieval-memory | untouched | — | new this reflection |

### Frontier (ranked)

1. **prompt-content** — the baseline's premature stops are a prompt problem
2. **topology** — a stop verifier could veto early stops

### Axes extensions this reflection

- retrieval-memory: episodic retrieval of past viewpoints — distinct from state-memory (added: iter_1)
`;

/** The reflect block of record iter_1 that SEARCH_SPACE's reflection_1 matches. */
export const REFLECT = {
  trigger: "heartbeat",
  status: "FRONTIER_OPEN",
  frontier_axes: ["prompt-content", "topology"],
  reflection_id: "reflection_1",
};
