/** The default branch of an exhaustive switch: a compile error when a case is missing. */
export function unreachable(value: never): never {
  throw new Error(`unexpected value ${JSON.stringify(value)}`);
}
