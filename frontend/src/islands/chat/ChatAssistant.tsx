/**
 * The site-wide chat assistant (SPEC sections 4, 5, 8). Closed, it is a floating button (the
 * server's fallback is a link to /contact drawn as the same button, so nothing moves); open, a
 * panel that starts with the greeting. A non-blank message gets the core's reply (WebAssembly,
 * the same code the server runs) computed from the studio's facts at the visitor's instant: the
 * facts (prices, hours, the coming classes of the stored timetable) are fetched from
 * `factsUrl` when the panel first opens, so no page carries them. A reply is structured (text,
 * class rows with Book links, notes, links) and rendered as text, lists and links, never as
 * markup. Replies with a contact or cancel button open a dialog whose form ends in the
 * visitor's e-mail client (the core's mail link), after which the core's confirmation is
 * appended.
 *
 * The island loads when the visitor reaches for the button (pointer over, focus, touch; a click
 * before it has loaded opens the panel once it has, site/triggers.ts), so a page where nobody
 * does downloads no React. Mounting therefore means the panel is about to be wanted: the core is
 * fetched at once, beside the first render, so the panel opens without a wait. Buttons elsewhere
 * with `data-chat-open` open the panel too.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { onIslandRequest } from '../../site/island-requests';
import { openMailLink } from '../../site/mail-link';
import { MailFormDialog } from '../forms/MailFormDialog';
import type { FieldTexts, FieldValues } from '../forms/FormFields';
import type { ChatFacts, ChatReply } from '../../wasm-pkg/onespace_wasm';
import { useCore } from '../use-core';
import { loadChatFacts } from './facts';
import { ChatIcon } from './ChatIcon';
import { ChatPanel, type ChatPanelLabels } from './ChatPanel';
import { botMessage, visitorMessage, type ChatMessage } from './messages';

interface ChatAssistantProps {
  openLabel: string;
  labels: ChatPanelLabels;
  contactDialogTitle: string;
  cancelDialogTitle: string;
  texts: FieldTexts;
  /** Where the server serves the chat's facts (`/chat-facts.json`). */
  factsUrl: string;
  /** The core's fallback reply, given when the facts cannot be fetched. */
  fallback: ChatReply;
  greeting: string;
  /** Appended after the contact dialog's mail link opens. */
  contactConfirmation: string;
  /** Appended after the cancellation dialog's mail link opens. */
  cancelConfirmation: string;
  /** The studio's e-mail address (from the content), which the dialogs' mail links go to. */
  to: string;
}

type OpenDialog = 'none' | 'contact' | 'cancel';

export default function ChatAssistant(props: ChatAssistantProps) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>('none');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const core = useCore();
  const panelId = useId();
  const fabRef = useRef<HTMLButtonElement>(null);

  const facts = useRef<Promise<ChatFacts | null> | null>(null);

  useEffect(() => onIslandRequest('ChatAssistant', () => setOpen(true)), []);

  // The facts are fetched when the panel first opens, beside the core.
  useEffect(() => {
    if (open && !facts.current) facts.current = loadChatFacts(props.factsUrl);
  }, [open, props.factsUrl]);

  useEffect(() => {
    if (core && messages.length === 0) setMessages([botMessage(props.greeting)]);
  }, [core, messages.length, props.greeting]);

  const close = () => {
    setOpen(false);
    fabRef.current?.focus();
  };

  const send = (text: string) => {
    if (!core || !text.trim()) return;
    const visitor = visitorMessage(text.trim());
    setMessages((current) => [...current, visitor]);
    facts.current ??= loadChatFacts(props.factsUrl);
    void facts.current.then((loaded) => {
      let reply: ChatReply | null = null;
      try {
        reply = loaded ? core.chatReply(text, loaded, Date.now()) : null;
      } catch {
        reply = null;
      }
      // Without the facts (the server unreachable) the server's fallback reply: the contact
      // button.
      const answer = reply ?? props.fallback;
      setMessages((current) => [...current, botMessage(answer.text, answer)]);
    });
  };

  const mailSent = (link: string, confirmation: string) => {
    openMailLink(link);
    setDialog('none');
    setMessages((current) => [...current, botMessage(confirmation)]);
  };

  return (
    <>
      <button
        ref={fabRef}
        id="chat"
        type="button"
        className="chat-fab"
        aria-label={props.openLabel}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <ChatIcon />
      </button>
      {open && core && messages.length > 0 ? (
        <ChatPanel
          id={panelId}
          labels={props.labels}
          messages={messages}
          onSend={send}
          onClose={close}
          onContact={() => setDialog('contact')}
          onCancelMembership={() => setDialog('cancel')}
        />
      ) : null}
      {core ? (
        <>
          <MailFormDialog
            core={core}
            form="chatContact"
            open={dialog === 'contact'}
            title={props.contactDialogTitle}
            idPrefix={`${panelId}-contact`}
            texts={props.texts}
            onClose={() => setDialog('none')}
            onValid={(values: FieldValues) =>
              mailSent(core.mailLink('chatContact', values, props.to), props.contactConfirmation)
            }
          />
          <MailFormDialog
            core={core}
            form="cancellation"
            open={dialog === 'cancel'}
            title={props.cancelDialogTitle}
            idPrefix={`${panelId}-cancel`}
            texts={props.texts}
            onClose={() => setDialog('none')}
            onValid={(values: FieldValues) =>
              mailSent(core.mailLink('cancellation', values, props.to), props.cancelConfirmation)
            }
          />
        </>
      ) : null}
    </>
  );
}
