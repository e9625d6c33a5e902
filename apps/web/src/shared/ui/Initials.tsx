import classes from './Initials.module.css';

/**
 * An avatar's initials, drawn but not text: a button whose name says what it does ("Account
 * menu") would otherwise carry visible letters its name does not contain, which speech
 * control cannot match (WCAG 2.5.3 label in name, decision 211). The name beside an avatar, or
 * the control's own label, says who it is.
 */
export function Initials({ letters }: { letters: string }) {
  return <span className={classes.initials} data-initials={letters} aria-hidden="true" />;
}
