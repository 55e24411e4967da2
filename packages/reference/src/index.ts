export { catalogue } from "./mira-study/catalogue.js";
export { serve as serveMiraStudy } from "./mira-study/serve.js";
