/** Commander's collector for an option that may be given several times: every value, in order. */
export function collectRepeated(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
