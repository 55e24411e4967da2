import type { Command } from "commander";
import type { Io } from "../io.js";

/** `keel gen [--check] [protocol…]`: regenerate protocol packages and fixtures, or report drift. */
export function registerGen(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("gen")
    .description(
      "regenerate every generated file (protocol packages, fixtures) from schemas/; --check writes nothing",
    )
    .argument("[protocol...]", "protocols to generate (default: all)")
    .option("--check", "write nothing; list what would change and exit 1 on drift")
    .action(async (protocols: string[], options: { check?: boolean }) => {
      const { runGen } = await import("@keel/codegen");
      setExit(await runGen(io.cwd, protocols, options, io.out));
    });
}
