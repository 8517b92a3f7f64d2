import { type OperationName, operations } from '@tessera/core/internal';
import { type SandboxRouteName, sandboxRoutes } from '../wire/sandbox-routes.js';

/** Name of a route of the sandbox: an operation of core's catalog, or one of the sandbox's own routes. */
export type RouteName = OperationName | SandboxRouteName;

/** True for the name of a route the sandbox serves (for names that come from outside the type system). */
export function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(operations, name) || Object.hasOwn(sandboxRoutes, name);
}
