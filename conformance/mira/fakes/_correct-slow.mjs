// No fault: a correct study whose runs take 6 s each (or the ms given as its first argument), several at once.
import { base, start } from "./_study.mjs";

const ms = Number(process.argv[2] ?? 6000);
const later = (f) =>
  new Promise((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(f());
      } catch (e) {
        reject(e);
      }
    }, ms),
  );

start({ handlers: { run: (p) => later(() => base.run(p)) } });
