/**
 * The default branch of an exhaustive `switch` (DESIGN.md style 7): a compile error when a case is
 * missing, and a thrown error if a value the types rule out arrives anyway. The one copy for the
 * whole repository (issue 25).
 */
export function unreachable(value: never): never {
  throw new Error(`unexpected value ${JSON.stringify(value)}`);
}
