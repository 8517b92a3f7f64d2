/** What a hook keeps of creating its client: the client, or the error that creating it threw. */
export interface CreatedClient<T> {
  client?: T;
  error?: Error;
}

/**
 * Creates a hook's client with the options that are set (an `undefined` one is left out, so the client's default
 * applies), or keeps the error it throws for the hook to report as its state.
 */
export function createClient<O extends object, T>(create: (options: O) => T, options: NoInfer<{ [K in keyof O]: O[K] | undefined }>): CreatedClient<T> {
  try {
    return { client: create(Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as O) };
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
}
