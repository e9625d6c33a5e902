import { unreachable } from '@maya/contracts';
// The bot's reply and the bookmark's name for a plan: what is shown, for which period and values,
// how it is sorted, and plainly what of the prompt the report could not apply.
import type { TimeGrain } from '@maya/contracts';
import type { Plan } from './build';
import { calendarUnitOf, type DateIntent } from './dates';
import type { Recognized } from './recognize';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2025-07-01` → `1 July 2025` (or `1 Jul 2025` short). */
export function dayLabel(day: string, short = false): string {
  const [y, m, d] = day.split('-').map(Number);
  const month = MONTH_NAMES[(m ?? 1) - 1] ?? '';
  return `${d ?? ''} ${short ? month.slice(0, 3) : month} ${y ?? ''}`;
}

const plural = (count: number, unit: TimeGrain) => (count === 1 ? unit : `${count} ${unit}s`);

/** A whole month, quarter or year by its name: "October 2026" ("Oct 2026"), "Q3 2025", "2025". */
function calendarName(from: string, to: string, short = false): string | null {
  const unit = calendarUnitOf(from, to);
  const year = from.slice(0, 4);
  const month = Number(from.slice(5, 7));
  switch (unit) {
    case 'month': {
      const name = MONTH_NAMES[month - 1] ?? '';
      return `${short ? name.slice(0, 3) : name} ${year}`;
    }
    case 'quarter':
      return `Q${Math.ceil(month / 3)} ${year}`;
    case 'year':
      return year;
    case 'week':
    case null:
      return null;
    default: {
      return unreachable(unit);
    }
  }
}

/** "in the last 30 days", "this month", "on 1 July 2025", "in Q3 2025", "from 1 July 2025 to 15 August 2025". */
export function dateLabel(intent: DateIntent): string {
  switch (intent.kind) {
    case 'relative':
      switch (intent.operator) {
        case 'in_the_last':
          return `in the last ${plural(intent.count ?? 1, intent.unit)}`;
        case 'in_this':
          return intent.unit === 'day' ? 'today' : `this ${intent.unit}`;
        case 'in_the_next':
          return `in the next ${plural(intent.count ?? 1, intent.unit)}`;
        default: {
          return unreachable(intent.operator);
        }
      }
    case 'day':
      return `on ${dayLabel(intent.day)}`;
    case 'period':
      if (intent.from !== null && intent.to !== null) {
        const name = calendarName(intent.from, intent.to);
        return name !== null ? `in ${name}` : `from ${dayLabel(intent.from)} to ${dayLabel(intent.to)}`;
      }
      if (intent.from !== null) return `since ${dayLabel(intent.from)}`;
      return `until ${dayLabel(intent.to ?? '')}`;
    default: {
      return unreachable(intent);
    }
  }
}

function shortDateLabel(intent: DateIntent): string {
  if (intent.kind === 'day') return dayLabel(intent.day, true);
  if (intent.kind === 'period') {
    if (intent.from !== null && intent.to !== null) {
      return (
        calendarName(intent.from, intent.to, true) ??
        `${dayLabel(intent.from, true)} – ${dayLabel(intent.to, true)}`
      );
    }
    if (intent.from !== null) return `Since ${dayLabel(intent.from, true)}`;
    return `Until ${dayLabel(intent.to ?? '', true)}`;
  }
  const label = dateLabel(intent).replace(/^in the /, '');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const list = (items: readonly string[], joiner = 'and') =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${joiner} ${items.at(-1) ?? ''}`;

const quoted = (items: readonly string[], joiner = 'or') =>
  list(
    items.map((v) => `“${v}”`),
    joiner,
  );

function subjectOf(found: Recognized): string | null {
  const measures = list(found.measures.map((m) => m.label));
  const dimensions = list(found.dimensions.map((d) => d.label));
  if (measures !== '' && dimensions !== '') return `${measures} by ${dimensions}`;
  if (measures !== '') return measures;
  return dimensions !== '' ? `the breakdown by ${dimensions}` : null;
}

export function describePlan(plan: Plan, found: Recognized): { text: string; name: string } {
  const subject = subjectOf(found);
  const sentences: string[] = [];
  const clauses: string[] = [];
  if (plan.date?.filter) clauses.push(dateLabel(plan.date.intent));
  for (const v of plan.values.filter((x) => x.via !== null)) {
    clauses.push(
      v.mode === 'include'
        ? `where ${v.label} is ${quoted(v.shown)}`
        : `excluding ${v.label} ${quoted(v.shown)}`,
    );
  }
  const where = `the ${plan.page.display_name} page`;
  const head =
    plan.adhoc !== null
      ? `Here is ${plan.adhoc.title ?? subject ?? 'the answer'}, in a new visual at the top of ${where}`
      : subject === null
        ? `Here is ${where}`
        : `Here is ${subject} on ${where}`;
  sentences.push(`${[head, ...clauses].join(', ')}.`);
  if (plan.sorted !== null) {
    const { visuals } = plan.sorted;
    // Untitled visuals by their kind: "the table", or "the tables" for several.
    const names = [
      ...new Set(
        visuals.map((v) => {
          if (v.title !== null) return `“${v.title}”`;
          return visuals.filter((o) => o.title === null && o.kind === v.kind).length > 1
            ? `the ${v.kind}s`
            : `the ${v.kind}`;
        }),
      ),
    ];
    const order = plan.sorted.direction === 'desc' ? 'highest first' : 'lowest first';
    const sentence = `${list(names)} ${visuals.length > 1 ? 'are' : 'is'} sorted by ${plan.sorted.measure.label}, ${order}.`;
    sentences.push(sentence.charAt(0).toUpperCase() + sentence.slice(1));
  }
  if (plan.date !== null && plan.date.filter === null) {
    sentences.push(
      `This report has no date filter, so the period (${dateLabel(plan.date.intent)}) is not applied.`,
    );
  }
  if (found.extraDates > 0) sentences.push('The report has one date filter, so only one period is used.');
  for (const v of plan.values.filter((x) => x.via === null)) {
    sentences.push(
      `This report cannot filter by ${v.label}, so ${quoted(v.shown, 'and')} ${v.values.length > 1 ? 'are' : 'is'} not applied.`,
    );
  }
  if (plan.missing.length > 0) {
    sentences.push(
      `The ${plan.page.display_name} page does not show ${list(plan.missing.map((t) => t.label))}.`,
    );
  }
  if (found.corrections.length > 0) {
    const read = found.corrections.slice(0, 5).map((c) => `“${c.typed}” as “${c.meant}”`);
    sentences.push(`Read ${list(read)}.`);
  }
  if (found.unknown.length > 0) sentences.push(`Not used: ${quoted(found.unknown.slice(0, 5), 'and')}.`);

  const nameParts = [
    plan.adhoc?.title ??
      (subject === null ? plan.page.display_name : subject.replace(/^the breakdown by/, 'By')),
    ...(plan.date?.filter ? [shortDateLabel(plan.date.intent)] : []),
    ...plan.values
      .filter((v) => v.via !== null)
      .map((v) => `${v.mode === 'exclude' ? 'excl. ' : ''}${v.shown.join(' / ')}`),
  ];
  const name = nameParts.join(' · ');
  return { text: sentences.join(' '), name: name.length > 100 ? `${name.slice(0, 99)}…` : name };
}
