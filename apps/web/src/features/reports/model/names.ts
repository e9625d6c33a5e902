/** spec 002 §2: "Report names have a leading '-' stripped" (`-maya` reads 'maya'). */
export function reportLabel(name: string): string {
  return name.replace(/^-/, '');
}
