/**
 * The site-wide chat assistant (SPEC sections 4, 5, 8). Closed, it is a floating button (the
 * server's fallback is a link to /contact drawn as the same button, so nothing moves); open, a
 * panel that starts with the greeting. A non-blank message gets the core's reply (WebAssembly,
 * the same code the server runs) computed from the studio's facts at the visitor's instant: the
 * chat's own module and the facts (prices, hours, the coming classes of the stored timetable,
 * served at `factsUrl`) are fetched when the panel first opens (answers.ts), so no page and no
 * other island carries them. A reply is structured (text, class rows with Book links, notes, links)
 * and rendered as text, lists and links, never as markup. Replies with a contact or cancel
 * button open a dialog whose form ends in the visitor's e-mail client (the islands' core, for
 * the form's rules and mail link, fetched once such a button is shown), after which the core's
 * confirmation is appended.
 *
 * The island loads when the visitor reaches for the button (pointer over, focus, touch; a click
 * before it has loaded opens the panel once it has, site/triggers.ts), so a page where nobody
 * does downloads no React. The greeting needs no WebAssembly: the panel opens at once. Buttons
 * elsewhere with `data-chat-open` open the panel too.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { onIslandRequest } from '../../site/island-requests';
import { openMailLink } from '../../site/mail-link';
import { MailFormDialog } from '../forms/MailFormDialog';
import type { FieldTexts, FieldValues } from '../forms/FormFields';
import { useCore } from '../use-core';
import { answer, prepareAnswers } from './answers';
import type { ChatReply } from './wasm-pkg/onespace_chat_wasm';
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
  /** The core's fallback reply, given when the facts or the chat's module cannot be fetched. */
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
  const [messages, setMessages] = useState<ChatMessage[]>(() => [botMessage(props.greeting)]);
  // The dialogs' forms need the islands' core: fetched once a reply offers one.
  const core = useCore(dialog !== 'none' || messages.some((message) => message.showContactButton || message.showCancelButton));
  const panelId = useId();
  const fabRef = useRef<HTMLButtonElement>(null);

  useEffect(() => onIslandRequest('ChatAssistant', () => setOpen(true)), []);

  // The chat's module and the facts are fetched when the panel first opens.
  useEffect(() => {
    if (open) prepareAnswers(props.factsUrl);
  }, [open, props.factsUrl]);

  const close = () => {
    setOpen(false);
    fabRef.current?.focus();
  };

  const send = (text: string) => {
    if (!text.trim()) return;
    const visitor = visitorMessage(text.trim());
    setMessages((current) => [...current, visitor]);
    // Without the module or the facts (the server unreachable) the server's fallback reply: the
    // contact button.
    void answer(text, props.factsUrl, props.fallback).then((reply: ChatReply) => {
      setMessages((current) => [...current, botMessage(reply.text, reply)]);
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
      {open ? (
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
