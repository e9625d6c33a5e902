import { encodeReportState, type GenerateBookmarkResponse, type ReportState } from '@maya/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../shared/api/queryClient';
import { json, mockApi } from '../../../test/api';
import { ReportViewContext, type ReportView } from '../../../shared/report-view';
import { historyKey } from '../model/chat';
import { AiBuilderBubble } from './AiBuilderBubble';

const ORG = '0b5c7d4e-8f7a-4a36-9d2b-1c3e5f7a9b0d';
const GENERATE = '/api/reports/-maya/generate-bookmark';

const generated: ReportState = {
  version: 1,
  page: 'campaigns',
  filters: [
    {
      id: 'channel',
      table: 'performance',
      column: 'channel',
      kind: 'list',
      mode: 'include',
      values: ['Google Ads'],
    },
  ],
  slicers: [],
  sort: [],
};
const success: GenerateBookmarkResponse = {
  success: true,
  bookmark: { name: 'Spend by Campaign · Google Ads', state: encodeReportState(generated) },
  text_response: 'Here is Spend by Campaign on the Campaigns page, where Channel is “Google Ads”.',
};

function view(over: Partial<ReportView> = {}): ReportView {
  return {
    organizationId: ORG,
    organizationSlug: 'acme',
    reportSlug: '-maya',
    report: null,
    document: null,
    state: null,
    loaded: true,
    mode: 'view',
    readOnly: false,
    routeBookmark: null,
    applyState: vi.fn(),
    reset: vi.fn(),
    ...over,
  };
}

function renderBubble(value: ReportView = view(), path = '/organization/acme/dashboard/-maya') {
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ReportViewContext.Provider value={value}>
          <AiBuilderBubble />
        </ReportViewContext.Provider>
        <Location />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, value, user: userEvent.setup() };
}

/** The address the app is at, to see where applying a generated view went. */
function Location() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

/** Answers POST generate-bookmark with each reply in turn; keeps the bodies sent. */
function answering(...replies: Response[]) {
  const bodies: unknown[] = [];
  const fetchMock = mockApi((url, init) => {
    if (url !== GENERATE || init.method !== 'POST') return json(404, { detail: { type: 'not_found' } });
    bodies.push(JSON.parse(init.body as string));
    return replies.shift() ?? json(500, { detail: { type: 'internal_error' } });
  });
  return { bodies, fetchMock };
}

async function openChat(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open the AI Builder' }));
  return screen.findByRole('dialog', { name: 'AI Builder' });
}

async function ask(user: ReturnType<typeof userEvent.setup>, prompt: string) {
  await user.type(screen.getByRole('textbox', { name: 'Prompt' }), prompt);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

beforeAll(() => {
  // jsdom has no FontFaceSet; the autosizing prompt box listens to it for font loads.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

afterEach(() => {
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the AI Builder bubble', () => {
  it('opens a chat with the greeting; Send is disabled while the prompt is empty', async () => {
    answering();
    const { user } = renderBubble();
    expect(screen.queryByRole('dialog')).toBeNull();
    const chat = await openChat(user);
    expect(within(chat).getByText('Hello! Write a prompt to get started')).toBeInTheDocument();
    const send = within(chat).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(within(chat).getByRole('textbox', { name: 'Prompt' }), '   ');
    expect(send).toBeDisabled();
    await user.type(within(chat).getByRole('textbox', { name: 'Prompt' }), 'spend');
    expect(send).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Close the AI Builder' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the prompt, shows the reply and applies the bookmark; Apply again applies it again', async () => {
    let release: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const bodies: unknown[] = [];
    mockApi((url, init) => {
      bodies.push(JSON.parse(init.body as string));
      return url === GENERATE ? pending : json(404, {});
    });
    const { user, value } = renderBubble();
    const chat = await openChat(user);
    await ask(user, '  spend by campaign for Google Ads ');

    expect(within(chat).getByLabelText('You')).toHaveTextContent('spend by campaign for Google Ads');
    expect(await within(chat).findByText('Generating a bookmark…')).toBeInTheDocument();
    expect(chat).toHaveAttribute('data-status', 'loading');
    expect(within(chat).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(within(chat).getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
    release(json(200, success));

    expect(await within(chat).findByText(success.text_response)).toBeInTheDocument();
    expect(chat).toHaveAttribute('data-status', 'success');
    expect(bodies).toEqual([{ organization_id: ORG, prompt: 'spend by campaign for Google Ads' }]);
    expect(value.applyState).toHaveBeenCalledWith(generated);
    expect(within(chat).getByText('Spend by Campaign · Google Ads')).toBeInTheDocument();
    await user.click(within(chat).getByRole('button', { name: 'Apply again' }));
    expect(value.applyState).toHaveBeenCalledTimes(2);
  });

  it("on a bookmark's route, shows the generated view on the plain dashboard route instead", async () => {
    answering(json(200, success));
    const { user, value } = renderBubble(
      view({ routeBookmark: { kind: 'bookmark', slug: 'two-weeks' } }),
      '/organization/acme/dashboard/-maya/bookmarks/two-weeks',
    );
    await openChat(user);
    await ask(user, 'spend by campaign for Google Ads');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(
        `/organization/acme/dashboard/-maya?state=${encodeReportState(generated)}`,
      ),
    );
    // The bookmark's route is left, so the view is not shown under the bookmark's name.
    expect(value.applyState).not.toHaveBeenCalled();
  });

  it('sends with Enter and starts a new line with Shift+Enter', async () => {
    const { bodies } = answering(json(200, success));
    const { user } = renderBubble();
    await openChat(user);
    const box = screen.getByRole('textbox', { name: 'Prompt' });
    await user.type(box, 'spend{Shift>}{Enter}{/Shift}by campaign');
    expect(bodies).toEqual([]);
    await user.type(box, '{Enter}');
    await waitFor(() => expect(bodies).toEqual([{ organization_id: ORG, prompt: 'spend\nby campaign' }]));
  });

  it('shows the reply alone when the generation found nothing to show', async () => {
    answering(
      json(200, { success: false, bookmark: null, text_response: 'This report has no weather data.' }),
    );
    const { user, value } = renderBubble();
    const chat = await openChat(user);
    await ask(user, 'weather');
    expect(await within(chat).findByText('This report has no weather data.')).toBeInTheDocument();
    expect(within(chat).queryByRole('button', { name: 'Apply again' })).toBeNull();
    expect(value.applyState).not.toHaveBeenCalled();
  });

  it('does not apply before the report has loaded', async () => {
    answering(json(200, success));
    const { user, value } = renderBubble(view({ loaded: false }));
    const chat = await openChat(user);
    await ask(user, 'spend');
    expect(await within(chat).findByText(success.text_response)).toBeInTheDocument();
    expect(await screen.findByText("Couldn't apply bookmark; report not loaded")).toBeInTheDocument();
    expect(value.applyState).not.toHaveBeenCalled();
  });

  it('has no chat in a read-only (embedded) report', () => {
    answering();
    renderBubble(view({ readOnly: true }));
    expect(screen.queryByRole('button', { name: 'Open the AI Builder' })).toBeNull();
  });
});

describe('generation errors (spec 002 §8)', () => {
  it('invalid_prompt: the chat failure with the message, the reason, the detail type and the tip', async () => {
    const reason = 'Nothing in the prompt matches the maya report.';
    answering(json(422, { detail: { type: 'invalid_prompt', message: reason } }));
    const { user, value } = renderBubble();
    const chat = await openChat(user);
    await ask(user, 'hello');
    const failure = await within(chat).findByRole('alert');
    expect(failure).toHaveTextContent('Oh oh, seems like something went wrong');
    expect(failure).toHaveTextContent('Error generating bookmark');
    expect(failure).toHaveTextContent(reason);
    expect(failure).toHaveTextContent('Type: invalid_prompt');
    expect(failure).toHaveTextContent('Try rephrasing your prompt.');
    expect(chat).toHaveAttribute('data-status', 'error');
    expect(value.applyState).not.toHaveBeenCalled();
  });

  it('404: Organization has no workspace setup', async () => {
    answering(
      json(404, {
        detail: { type: 'workspace_not_setup', message: 'Data not yet available. Please try again later.' },
      }),
    );
    const { user } = renderBubble();
    const chat = await openChat(user);
    await ask(user, 'spend');
    const failure = await within(chat).findByRole('alert');
    expect(failure).toHaveTextContent('Organization has no workspace setup');
    expect(failure).not.toHaveTextContent('Error generating bookmark');
    expect(failure).toHaveTextContent('Type: workspace_not_setup');
  });

  it('unauthorized: the tip to refresh or log in again; other errors: no tip', async () => {
    answering(
      json(401, { detail: { type: 'unauthorized', message: 'Not authenticated' } }),
      json(502, {
        detail: {
          type: 'generator_unavailable',
          message: 'The AI Builder could not reach its language model.',
        },
      }),
    );
    const { user } = renderBubble();
    const chat = await openChat(user);
    await ask(user, 'spend');
    const [first] = await within(chat).findAllByRole('alert');
    expect(first).toHaveTextContent('Error generating bookmark');
    expect(first).toHaveTextContent('Try refreshing the page or logging in again.');
    await ask(user, 'clicks');
    await waitFor(() => expect(within(chat).getAllByRole('alert')).toHaveLength(2));
    const second = within(chat).getAllByRole('alert')[1];
    expect(second).toHaveTextContent('Type: generator_unavailable');
    expect(second).not.toHaveTextContent('Try');
  });
});

describe('the conversation', () => {
  it('is kept per organization and report for the session, and Clear empties it', async () => {
    answering(json(200, success));
    const first = renderBubble();
    await openChat(first.user);
    await ask(first.user, 'spend');
    expect(await screen.findByText(success.text_response)).toBeInTheDocument();
    first.unmount();

    // The same report again (the dashboard mounted anew): the conversation is back, still open.
    const again = renderBubble();
    const chat = await screen.findByRole('dialog', { name: 'AI Builder' });
    expect(within(chat).getByLabelText('You')).toHaveTextContent('spend');
    expect(within(chat).getByText(success.text_response)).toBeInTheDocument();
    again.unmount();

    // Another report of the organization: its own, empty.
    const other = renderBubble(view({ reportSlug: '-seo-v1' }));
    const otherChat = await openChat(other.user);
    expect(within(otherChat).queryByLabelText('You')).toBeNull();
    expect(within(otherChat).getByRole('button', { name: 'Clear' })).toBeDisabled();
    other.unmount();

    const last = renderBubble();
    const lastChat = await screen.findByRole('dialog', { name: 'AI Builder' });
    await last.user.click(within(lastChat).getByRole('button', { name: 'Clear' }));
    expect(within(lastChat).queryByLabelText('You')).toBeNull();
    expect(within(lastChat).getByText('Hello! Write a prompt to get started')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(historyKey(ORG, '-maya'))).toBeNull();
  });

  it('drops stored entries it did not write', async () => {
    window.sessionStorage.setItem(
      historyKey(ORG, '-maya'),
      JSON.stringify([
        { id: '1', kind: 'prompt', text: 'kept' },
        { id: '2', kind: 'script', text: '<b>x</b>' },
        7,
      ]),
    );
    answering();
    const { user } = renderBubble();
    const chat = await openChat(user);
    expect(within(chat).getByLabelText('You')).toHaveTextContent('kept');
    expect(within(chat).queryByText('<b>x</b>')).toBeNull();
  });
});
