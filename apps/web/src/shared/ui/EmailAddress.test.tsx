import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress, keepEmailsWhole } from './EmailAddress';

/** The unbreakable runs of an address and where it may break. */
function runsOf(address: HTMLElement): string[] {
  return [...address.childNodes].map((node) =>
    node.nodeName === 'WBR' ? '<wbr>' : `${(node as HTMLElement).style.whiteSpace}:${node.textContent}`,
  );
}

describe('e-mail addresses', () => {
  it('never break at a hyphen: only right after the @, with the whole address as the title', () => {
    render(<EmailAddress email="ada-lovelace@acme-shoes.example" />);
    const address = screen.getByTitle('ada-lovelace@acme-shoes.example');
    expect(address).toHaveTextContent('ada-lovelace@acme-shoes.example');
    expect(address).toHaveStyle({ fontWeight: '700' });
    expect(runsOf(address)).toEqual(['nowrap:ada-lovelace@', '<wbr>', 'nowrap:acme-shoes.example']);
  });

  it('are kept whole inside a message, the rest of the message unchanged', () => {
    const { container } = render(
      <p>
        {keepEmailsWhole('This invitation was sent to ada-lovelace@acme.io. Sign in with that account.')}
      </p>,
    );
    expect(container).toHaveTextContent(
      'This invitation was sent to ada-lovelace@acme.io. Sign in with that account.',
    );
    expect(runsOf(screen.getByTitle('ada-lovelace@acme.io'))).toEqual([
      'nowrap:ada-lovelace@',
      '<wbr>',
      'nowrap:acme.io',
    ]);
    expect(keepEmailsWhole('No address here - none at all')).toBe('No address here - none at all');
  });
});
