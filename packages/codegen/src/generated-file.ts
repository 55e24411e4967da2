/** One file `keel gen` owns: repository-relative path and its exact bytes. */
export interface GeneratedFile {
  path: string;
  content: string;
}
