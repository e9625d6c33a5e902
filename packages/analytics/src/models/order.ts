import type { CanonicalModel } from './model';

/**
 * The models in an order where each comes after the models it depends on; among models free to
 * go, the order they were listed in. Duplicate names, unknown dependencies and cycles throw,
 * naming the models involved.
 */
export function orderModels(models: readonly CanonicalModel[]): CanonicalModel[] {
  const byName = new Map<string, CanonicalModel>();
  for (const model of models) {
    if (byName.has(model.name)) throw new Error(`two models are named ${model.name}`);
    byName.set(model.name, model);
  }
  for (const model of models) {
    for (const dependency of model.dependsOn) {
      if (!byName.has(dependency)) {
        throw new Error(`model ${model.name} depends on ${dependency}, which is not a model`);
      }
    }
  }
  const ordered: CanonicalModel[] = [];
  const placed = new Set<string>();
  let remaining = [...models];
  while (remaining.length > 0) {
    const ready = remaining.filter((m) => m.dependsOn.every((d) => placed.has(d)));
    if (ready.length === 0)
      throw new Error(`the models depend on each other in a cycle: ${cycleOf(remaining)}`);
    for (const model of ready) {
      ordered.push(model);
      placed.add(model.name);
    }
    remaining = remaining.filter((m) => !placed.has(m.name));
  }
  return ordered;
}

/** One cycle among models that all wait on each other, as `a → b → a`. */
function cycleOf(waiting: readonly CanonicalModel[]): string {
  const byName = new Map(waiting.map((m) => [m.name, m]));
  const path: string[] = [];
  let current = waiting[0];
  while (current !== undefined && !path.includes(current.name)) {
    path.push(current.name);
    current = current.dependsOn.map((d) => byName.get(d)).find((m) => m !== undefined);
  }
  const start = current === undefined ? 0 : path.indexOf(current.name);
  return [...path.slice(start), path[start] ?? ''].join(' → ');
}
