import { realCore } from '../testing/real-core';
import '../testing/dialog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { requestIsland } from '../../site/island-requests';
import vectors from '../../../../crates/core/tests/vectors.json';
import ChatAssistant from './ChatAssistant';
import * as chatCore from './wasm-pkg/onespace_chat_wasm';
import { forgetChatFacts } from './facts';

/** The shared vectors' facts (crates/core/tests/it/chat_questions.rs): the repository's content
 * and a known fortnight of classes from Monday 6 July 2026. */
const facts = vectors.chatFacts.live;
/** Monday 6 July 2026, 9:00 AM in the UK. */
const monday = Date.parse('2026-07-06T08:00:00Z');

const props = {
  openLabel: 'Chat with our assistant',
  factsUrl: '/chat-facts.json',
  contactUrl: '/contact',
  contactLabel: 'Contact us',
};

/** The panel's words, served with the facts (crates/site/src/widgets/chat.rs, `panel_words`). */
const words = {
  labels: {
    title: 'One Space Assistant',
    inputLabel: 'Your message',
    placeholder: 'Ask about classes, prices...',
    sendLabel: 'Send',
    closeLabel: 'Close chat',
    contactButton: 'Contact the team',
    cancelButton: 'Cancel membership',
  },
  contactDialogTitle: 'Contact the team',
  cancelDialogTitle: 'Cancel your membership',
  texts: { choosePrompt: 'Please choose...', optionalPrompt: 'Select an option' },
  // The server's fallback reply, said when the chat's module cannot answer.
  fallback: {
    topic: 'fallback' as const,
    text: 'Fallback: contact us.',
    classes: [],
    notes: [],
    links: [],
    showContactButton: true,
    showCancelButton: false,
  },
  greeting: 'Hi! Ask me anything.',
  contactConfirmation: 'Thanks for getting in touch!',
  cancelConfirmation: 'Thanks - your cancellation request is ready to send.',
  // The studio's address comes from the content; the links go wherever the words say.
  to: 'team@example.co.uk',
};

let fetched: string[] = [];

/** The server answering the facts with `body` (or failing). */
function serveFacts(body: unknown, ok = true) {
  fetched = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    fetched.push(String(input));
    return Promise.resolve(new Response(JSON.stringify(body), { status: ok ? 200 : 503 }));
  });
}

beforeEach(() => {
  forgetChatFacts();
  serveFacts({ ...facts, panel: words });
  vi.spyOn(Date, 'now').mockReturnValue(monday);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

async function openChat() {
  render(<ChatAssistant {...props} />);
  fireEvent.click(screen.getByRole('button', { name: 'Chat with our assistant' }));
  return screen.findByRole('dialog', { name: 'One Space Assistant' });
}

/** Renders the island as mounted on the page and asks it to open, as a chat button elsewhere
 * on the page does. */
function renderAndRequest() {
  const host = document.createElement('div');
  host.dataset['island'] = 'ChatAssistant';
  host.dataset['islandState'] = 'mounted';
  document.body.append(host);
  render(<ChatAssistant {...props} />);
  requestIsland('ChatAssistant');
}

function say(text: string) {
  fireEvent.change(screen.getByLabelText('Your message'), { target: { value: text } });
  fireEvent.submit(screen.getByLabelText('Your message').closest('form') as HTMLFormElement);
}

function botTexts(panel: HTMLElement): string[] {
  return Array.from(panel.querySelectorAll('[data-from="bot"] > p:first-child')).map((p) => p.textContent ?? '');
}

/** Waits for the bot's `count`th message and returns the texts. */
async function botReplies(panel: HTMLElement, count: number): Promise<string[]> {
  await waitFor(() => expect(botTexts(panel)).toHaveLength(count));
  return botTexts(panel);
}

describe('ChatAssistant', () => {
  it('opens with the core greeting, focuses the input and answers by keyword', async () => {
    const panel = await openChat();
    expect(botTexts(panel)).toEqual([words.greeting]);
    // The panel focuses its input in an effect after it is shown: wait for it rather than assume
    // the effect already ran (on a loaded machine it sometimes had not).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your message')));
    say('  where are you located?  ');
    expect(panel.querySelector('[data-from="visitor"]')?.textContent).toBe('where are you located?');
    const expected = chatCore.chatReply('where are you located?', facts, monday);
    expect(expected?.topic).toBe('location');
    expect((await botReplies(panel, 2))[1]).toBe(expected?.text);
    expect(botTexts(panel)[1]).toContain('Houstoun Road');
    expect((screen.getByLabelText('Your message') as HTMLInputElement).value).toBe('');
  });

  it('fetches the facts once, as it mounts, and opens once they are there', async () => {
    render(<ChatAssistant {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Chat with our assistant' }));
    const panel = await screen.findByRole('dialog', { name: 'One Space Assistant' });
    say('how much is unlimited');
    await botReplies(panel, 2);
    say('student discount');
    await botReplies(panel, 3);
    expect(fetched).toEqual(['/chat-facts.json']);
    expect(botTexts(panel)[1]).toContain('£139 a month');
    expect(within(panel).getAllByRole('link', { name: 'See all memberships' })[0]?.getAttribute('href')).toBe('/memberships');
  });

  it('lists the matching classes, each with a Book link to the provider in a new tab', async () => {
    const panel = await openChat();
    say('hot yoga tomorrow evening');
    await botReplies(panel, 2);
    const message = panel.querySelectorAll('[data-from="bot"]')[1] as HTMLElement;
    const rows = within(message).getAllByRole('listitem').filter((item) => item.classList.contains('chat-class'));
    expect(rows.map((row) => row.textContent)).toEqual(['Tomorrow, 7:00 PM Hot Yoga with Sophie Reid. 1 space left Book']);
    const book = within(message).getByRole('link', { name: 'Book Hot Yoga, Tuesday 7 July at 7:00 PM (opens in a new tab)' });
    expect(book.getAttribute('href')).toMatch(/^https:\/\/goteamup\.com\/p\/5123456-one-space\/c\/schedule\?e=\d+/);
    expect(book.getAttribute('target')).toBe('_blank');
    expect(book.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(message).getByRole('link', { name: 'See the full timetable' }).getAttribute('href')).toBe('/timetable');
    // The conversation is a polite live region: the reply is read out.
    expect(panel.querySelector('.chat-log')?.getAttribute('aria-live')).toBe('polite');
  });

  it('never renders what the visitor typed as markup', async () => {
    const panel = await openChat();
    const text = '<img src=x onerror="alert(1)"> hot yoga tomorrow';
    say(text);
    await botReplies(panel, 2);
    expect(panel.querySelector('[data-from="visitor"]')?.textContent).toBe(text);
    expect(panel.querySelector('img')).toBeNull();
  });

  it("answers with the server's fallback and its contact button when the core cannot read the facts", async () => {
    serveFacts({ panel: words });
    const panel = await openChat();
    say('hot yoga tomorrow');
    expect((await botReplies(panel, 2))[1]).toBe('Fallback: contact us.');
    expect(within(panel).getByRole('button', { name: 'Contact the team' })).toBeTruthy();
  });

  it('is the link to the contact page again when the facts cannot be fetched, and a press goes there', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    serveFacts({}, false);
    renderAndRequest();
    const link = await screen.findByRole('link', { name: 'Contact us' });
    expect(link.getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/contact'));
  });

  it('takes facts without the words for a failure: they are not the server\'s', async () => {
    serveFacts(facts);
    render(<ChatAssistant {...props} />);
    expect((await screen.findByRole('link', { name: 'Contact us' })).getAttribute('href')).toBe('/contact');
  });

  it('ignores blank input', async () => {
    const panel = await openChat();
    say('   ');
    expect(panel.querySelectorAll('.chat-message')).toHaveLength(1);
  });

  it('closes on Escape and returns focus to the button', async () => {
    const panel = await openChat();
    fireEvent.keyDown(screen.getByLabelText('Your message'), { key: 'Escape' });
    expect(panel.isConnected).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat with our assistant' }));
  });

  it('opens the contact dialog from a reply, opens the core mail link and appends the confirmation', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const panel = await openChat();
    say('qwertyuiop');
    expect(chatCore.chatTopic('qwertyuiop')).toBe('fallback');
    expect((await botReplies(panel, 2)).at(-1)).toBe(chatCore.chatReply('qwertyuiop', facts, monday)?.text);
    fireEvent.click(within(panel).getByRole('button', { name: 'Contact the team' }));
    // The dialog's form is the islands' core's, fetched once the reply offered the button.
    const dialog = await screen.findByRole('dialog', { name: 'Contact the team' });
    fireEvent.click(within(dialog).getByRole('button', { name: realCore.formMessages('chatContact').submitLabel }));
    expect(assign).not.toHaveBeenCalled();
    expect(within(dialog).getByText(realCore.validateForm('chatContact', {}).errors['name'] ?? '')).toBeTruthy();
    const values = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
    fireEvent.change(within(dialog).getByLabelText('Full Name', { exact: false }), { target: { value: values.name } });
    fireEvent.change(within(dialog).getByLabelText('Email', { exact: false }), { target: { value: values.email } });
    fireEvent.change(within(dialog).getByLabelText('Message', { exact: false }), { target: { value: values.message } });
    fireEvent.click(within(dialog).getByRole('button', { name: realCore.formMessages('chatContact').submitLabel }));
    expect(assign).toHaveBeenCalledWith(realCore.mailLink('chatContact', values, 'team@example.co.uk'));
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/^mailto:team@example\.co\.uk\?subject=/);
    expect(dialog.hasAttribute('open')).toBe(false);
    expect((await botReplies(panel, 3)).at(-1)).toBe(words.contactConfirmation);
  });

  it('opens the cancellation dialog and sends the core cancellation link', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const panel = await openChat();
    say('How do I cancel?');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Cancel membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your membership' });
    const values = { name: 'Ada', email: 'ada@example.com', membershipType: 'Flex', reason: '' };
    fireEvent.change(within(dialog).getByLabelText('Full Name', { exact: false }), { target: { value: values.name } });
    fireEvent.change(within(dialog).getByLabelText('Email', { exact: false }), { target: { value: values.email } });
    fireEvent.change(within(dialog).getByLabelText('Current Membership Type', { exact: false }), {
      target: { value: values.membershipType },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: realCore.formMessages('cancellation').submitLabel }));
    expect(assign).toHaveBeenCalledWith(realCore.mailLink('cancellation', values, 'team@example.co.uk'));
    expect((await botReplies(panel, 3)).at(-1)).toBe(words.cancelConfirmation);
  });

  it('opens when a chat button elsewhere on the page asks for it', async () => {
    renderAndRequest();
    expect(await screen.findByRole('dialog', { name: 'One Space Assistant' })).toBeTruthy();
  });
});
