/**
 * The reference study's evals: small, deterministic, and shaped to exercise every part of the
 * protocol — an inline eval, a paginated one with an axis and trials, an unavailable target.
 */
export interface Sample {
  id: string;
  tags: string[];
  input: string;
  expected: string;
}

export interface Eval {
  name: string;
  description: string;
  samples: Sample[];
  pageSize: number;
  scorers: string[];
  targets: { label: string; provider: string; available: boolean }[];
  axes: { name: string; values: string[] }[];
  trials: number;
  seed?: number;
}

const targets = [
  { label: "sim", provider: "sim", available: true },
  { label: "offline/none", provider: "offline", available: false },
];

export const catalogue: Eval[] = [
  {
    name: "greet",
    description: "greets the user and reports the answer",
    samples: [
      { id: "hi", tags: ["smoke"], input: "What is the answer?", expected: "42" },
      { id: "hello", tags: [], input: "Say hello", expected: "hello" },
    ],
    pageSize: 100,
    scorers: ["succeeded", "contains"],
    targets,
    axes: [],
    trials: 1,
  },
  {
    name: "arith",
    description: "adds two numbers; samples are paginated",
    samples: Array.from({ length: 23 }, (_, i) => ({
      id: `sum-${i}`,
      tags: i % 5 === 0 ? ["smoke"] : [],
      input: `${i} + ${i + 1}`,
      expected: String(2 * i + 1),
    })),
    pageSize: 10,
    scorers: ["contains", "judge"],
    targets,
    axes: [{ name: "effort", values: ["low", "high"] }],
    trials: 3,
    seed: 42,
  },
];

export const findEval = (name: string): Eval | undefined => catalogue.find((e) => e.name === name);
