import { Pill, PillsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { clustersMessages as text } from '../../messages';
import { addTerms, hasTerm, splitTerms } from '../../model/wordGroups';

type TermsInputProps = {
  label: string;
  description?: string;
  terms: string[];
  onChange: (terms: string[]) => void;
};

/**
 * A list of terms: Enter adds the typed term unless the list has it; a paste is split on newlines
 * and tabs, blanks dropped and each term once (spec 001 §5).
 */
export function TermsInput({ label, description, terms, onChange }: TermsInputProps) {
  const [draft, setDraft] = useState('');
  const duplicate = draft.trim() !== '' && hasTerm(terms, draft);
  return (
    <PillsInput
      label={label}
      description={description}
      error={duplicate ? <Text span size="xs">{`“${draft.trim()}” is in the list`}</Text> : undefined}
    >
      <Pill.Group>
        {terms.map((term) => (
          <Pill
            key={term}
            withRemoveButton
            // Reachable and named, not the default hidden mouse-only cross.
            removeButtonProps={{ 'aria-label': text.removeTerm(term), 'aria-hidden': false, tabIndex: 0 }}
            onRemove={() => onChange(terms.filter((known) => known !== term))}
          >
            {term}
          </Pill>
        ))}
        <PillsInput.Field
          aria-label={label}
          placeholder={text.termsPlaceholder}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (draft.trim() === '' || duplicate) return;
              onChange(addTerms(terms, [draft]));
              setDraft('');
            }
          }}
          onPaste={(event) => {
            const pasted = event.clipboardData.getData('text');
            if (!/[\r\n\t]/.test(pasted)) return;
            event.preventDefault();
            onChange(addTerms(terms, splitTerms(`${draft}${pasted}`)));
            setDraft('');
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}
