import { encodeReportState, type ReportDocument } from '@maya/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { defaultReportState, withPage } from '../model/state';
import { testDocument } from '../testFixtures';
import { useDashboardState } from './useDashboardState';

const TOAST = "This link's report view could not be read, so the report opens as saved.";
/** The test report with a second page, as the editor's draft has it before the page goes. */
const withDraft: ReportDocument = {
  ...testDocument,
  pages: [...testDocument.pages, { ...testDocument.pages[0]!, name: 'draft', display_name: 'Draft' }],
};
const onDraft = `/report?state=${encodeReportState(withPage(defaultReportState(withDraft, false), 'draft'))}`;

/** The view on screen, and a button that replaces the report as the editor does (without Draft). */
function Shown({ initial }: { initial: ReportDocument }) {
  const [doc, setDoc] = useState(initial);
  const { state } = useDashboardState(doc, { readOnly: false, syncUrl: true, initial: null });
  return (
    <>
      <p data-testid="page">{state.page}</p>
      <button type="button" onClick={() => setDoc(testDocument)}>
        Replace
      </button>
    </>
  );
}

const render = (doc: ReportDocument) =>
  renderRoutes([{ path: '/report', element: <Shown initial={doc} /> }], onDraft);

describe('a view in the address that the report cannot show', () => {
  it('is a link that could not be read when the report opens: said, and dropped', async () => {
    const { router } = render(testDocument);
    expect(await screen.findByText(TOAST)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByTestId('page')).toHaveTextContent('overview');
  });

  it('is dropped without a word when the report changed under it (the page shown deleted, a version restored)', async () => {
    const { router } = render(withDraft);
    expect(screen.getByTestId('page')).toHaveTextContent('draft');
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByTestId('page')).toHaveTextContent('overview');
    expect(screen.queryByText(TOAST)).not.toBeInTheDocument();
  });
});
