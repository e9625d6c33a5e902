import '@mantine/dates/styles.layer.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseDay } from '@maya/contracts';
import { IconCalendar } from './icons';

/** How days are shown and typed everywhere in the app (DESIGN.md Conventions). */
export const DAY_FORMAT = 'DD/MM/YYYY';

/**
 * The calendar's arrows, named for screen readers (Mantine leaves them unnamed); the month and
 * year headings keep their visible text as their name.
 */
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

/**
 * The calendar shows at once: while it faded in, its text was too faint to read (and failed the
 * WCAG contrast check of the page).
 */
const POPOVER = { transitionProps: { duration: 0 } };

export type DayInputProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'
> & {
  /** The day as `YYYY-MM-DD`, '' (or absent) when none. */
  value?: string;
  onChange: (day: string) => void;
};

/**
 * A day field that reads and takes DD/MM/YYYY whatever the browser's language (a native date
 * input follows the browser's: MM/DD/YYYY in American English), typed or picked from a calendar
 * (decision 432). Its value is the ISO day the API speaks, '' when empty.
 */
export function DayInput({ value = '', onChange, ...props }: DayInputProps) {
  return (
    <DateInput
      valueFormat={DAY_FORMAT}
      placeholder={DAY_FORMAT}
      dateParser={parseDay}
      leftSection={<IconCalendar size={16} />}
      leftSectionPointerEvents="none"
      ariaLabels={CALENDAR_LABELS}
      popoverProps={POPOVER}
      // Other months' days would be drawn too faint to read (WCAG contrast): not drawn.
      hideOutsideDates
      {...props}
      value={value === '' ? null : value}
      onChange={(day) => onChange(day ?? '')}
    />
  );
}
