// Why a data file cannot be used, said once: the error the sandbox throws, its problems, and the way out it names.

/** The oldest Node.js whose `node:sqlite` needs no flag: only the data file needs it. */
export const MINIMUM_NODE_VERSION_FOR_DATA_FILE = '22.13.0';

/** Why a data file cannot be used; the message names the file and the way out. */
export type SandboxDataFileProblem = 'corrupt' | 'foreign' | 'newer' | 'locked' | 'unsupported_runtime';

/** A data file the sandbox cannot use: corrupt, someone else's, in use by another sandbox. The file is left as it was. */
export class SandboxDataFileError extends Error {
  override readonly name = 'SandboxDataFileError';
  constructor(
    readonly problem: SandboxDataFileProblem,
    readonly file: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What every refusal of a data file ends with: how to start anyway. */
export const WAY_OUT = 'Start the sandbox with --reset to replace it with an empty one (its data is lost), or with --data <file> to use another file (in code: createSandbox({ dataFile, resetData: true }) or another dataFile).';
