import type { Critique, EvalProfileDefinition, RecordDocument, Spec } from "../generated/types.gen.js";
import type { Bullet } from "./markdown.js";

/** One `iteration/iter_{n}/` folder as the run-level rules see it; documents only when schema-valid. */
export interface IterationFolder {
  names: readonly string[];
  record?: RecordDocument;
  spec?: Spec;
  critiques: ReadonlyMap<string, Critique>;
}

/** What the per-iteration rules need to know about the rest of the run. */
export interface RunContext {
  dir: string;
  /** Highest committed iteration, -1 before iteration 0 commits. */
  last: number;
  /** experiment_design.yaml profiles, undefined when the file is missing or invalid. */
  profiles: Record<string, EvalProfileDefinition> | undefined;
  /** exp_id → iteration of experience.jsonl entries. */
  experience: Map<string, number>;
  /** hyp ids resolved by experience.jsonl entries. */
  resolved: Set<string>;
  /** hyp id → iteration of the experience entry that resolved it. */
  resolvedAt: Map<string, number>;
  /** hyp ids open in hypotheses.jsonl. */
  hypotheses: Set<string>;
  /** knowledge.md H2 section names, undefined without the file. */
  knowledgeSections: Set<string> | undefined;
  /** knowledge.md bullets with their sections, undefined without the file. */
  knowledgeBullets: Bullet[] | undefined;
  /** axis names under `## Axes` of search_space.md, undefined without the file. */
  axes: Set<string> | undefined;
  /** critique ids seen so far across the run (critique-id-unique). */
  critiqueIds: Set<string>;
  /** Folders read so far by lintIteration, by n (run-level rules read them after every folder). */
  iterations: Map<number, IterationFolder>;
}
