/** A ```ts or ```tsx snippet of a README or a guide. */
export interface Snippet {
  /** The README or guide, from the repository's root (`packages/server/README.md`). */
  file: string;
  /** The line of its opening fence. */
  line: number;
  lang: 'ts' | 'tsx';
  code: string;
  /** The title of the section it is in (the last heading before it, outside code fences). */
  heading: string;
}

/** The snippets of a README (a path from the repository's root). */
export function snippets(readme: string): Snippet[];

/** Writes every snippet out and type-checks them; `report` is tsc's, empty when all compile. */
export function checkSnippets(): { count: number; report: string };
