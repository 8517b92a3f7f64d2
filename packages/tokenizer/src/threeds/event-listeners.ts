/**
 * Adds `listener` for each `[target, type]` (an `undefined` target is skipped) and returns the function that removes
 * them all: whatever the modal starts listening to when it opens, it stops listening to when it settles.
 */
export function listen<E extends Event>(events: [EventTarget | undefined, string][], listener: (event: E) => void): () => void {
  for (const [target, type] of events) target?.addEventListener(type, listener as EventListener);
  return () => {
    for (const [target, type] of events) target?.removeEventListener(type, listener as EventListener);
  };
}
