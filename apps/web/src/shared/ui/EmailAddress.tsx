import type { CSSProperties, ReactNode } from 'react';

/**
 * Browsers break a line after a hyphen, so 'ada-lovelace@acme.io' could read 'ada-' and
 * 'lovelace@acme.io', two addresses. An address breaks nowhere but right after its '@', and only
 * when it does not fit on one line: both halves still read as one address.
 */
const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };

/** An e-mail address in running text, bold unless told otherwise. */
export function EmailAddress({ email, bold = true }: { email: string; bold?: boolean }) {
  const at = email.lastIndexOf('@');
  return (
    <span title={email} style={bold ? { fontWeight: 700 } : undefined}>
      {at <= 0 ? (
        <span style={NO_WRAP}>{email}</span>
      ) : (
        <>
          <span style={NO_WRAP}>{email.slice(0, at + 1)}</span>
          <wbr />
          <span style={NO_WRAP}>{email.slice(at + 1)}</span>
        </>
      )}
    </span>
  );
}

// Whatever looks like an address: no spaces, one '@', a dot in the domain.
const ADDRESS = /[^\s@<>()"',;]+@[^\s@<>()"',;]+\.[^\s@<>()"',;.]+/g;

/** A message with every e-mail address in it kept whole (as `EmailAddress`, not bold); other nodes as they are. */
export function keepEmailsWhole(message: ReactNode): ReactNode {
  if (typeof message !== 'string') return message;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(ADDRESS)) {
    parts.push(message.slice(last, match.index));
    parts.push(<EmailAddress key={match.index} email={match[0]} bold={false} />);
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return message;
  parts.push(message.slice(last));
  return parts;
}
