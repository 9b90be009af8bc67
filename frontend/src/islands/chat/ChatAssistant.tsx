/**
 * The site-wide chat assistant (SPEC sections 4, 5, 8). Closed, it is a floating button (the
 * server's fallback is a link to /contact drawn as the same button, so nothing moves); open, a
 * panel that starts with the greeting. A non-blank message gets the core's reply (WebAssembly,
 * the same code the server runs) computed from the studio's facts at the visitor's instant. The
 * facts (prices, hours, the coming classes of the stored timetable) and the panel's words are
 * served at `factsUrl` and fetched as the island mounts (facts.ts); the chat's own module is
 * fetched when the panel first opens (answers.ts). So no page and no other island carries them.
 * A reply is structured (text, class rows with Book links, notes, links) and rendered as text,
 * lists and links, never as markup. Replies with a contact or cancel button open a dialog whose
 * form ends in the visitor's e-mail client (the islands' core, for the form's rules and mail
 * link, fetched once such a button is shown), after which the core's confirmation is appended.
 *
 * The island loads when the visitor reaches for the button (pointer over, focus, touch; a click
 * before it has loaded opens the panel once it has, site/triggers.ts), so a page where nobody
 * does downloads no React. The greeting needs no WebAssembly: the panel opens as soon as the
 * words are there. Buttons elsewhere with `data-chat-open` open the panel too. When the facts
 * cannot be fetched, the button is the server's link to the contact page again, and a press that
 * asked for the panel goes there.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { onIslandRequest } from '../../site/island-requests';
import { openMailLink } from '../../site/mail-link';
import { MailFormDialog } from '../forms/MailFormDialog';
import type { FieldValues } from '../forms/FormFields';
import { useCore } from '../use-core';
import { answer, prepareAnswers } from './answers';
import { loadChatFacts, type ChatPanelWords } from './facts';
import type { ChatReply } from './wasm-pkg/onespace_chat_wasm';
import { ChatIcon } from './ChatIcon';
import { ChatPanel } from './ChatPanel';
import { botMessage, visitorMessage, type ChatMessage } from './messages';

interface ChatAssistantProps {
  openLabel: string;
  /** Where the server serves the chat's facts and the panel's words (`/chat-facts.json`). */
  factsUrl: string;
  /** The contact page: the server's fallback link, and the button again without the facts. */
  contactUrl: string;
  /** That link's accessible name. */
  contactLabel: string;
}

type OpenDialog = 'none' | 'contact' | 'cancel';

export default function ChatAssistant(props: ChatAssistantProps) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>('none');
  // The panel's words: undefined while the facts are fetched, null when they could not be.
  const [words, setWords] = useState<ChatPanelWords | null | undefined>(undefined);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  // The dialogs' forms need the islands' core: fetched once a reply offers one.
  const core = useCore(dialog !== 'none' || messages.some((message) => message.showContactButton || message.showCancelButton));
  const panelId = useId();
  const fabRef = useRef<HTMLButtonElement>(null);

  useEffect(() => onIslandRequest('ChatAssistant', () => setOpen(true)), []);

  useEffect(() => {
    let live = true;
    void loadChatFacts(props.factsUrl).then((facts) => {
      if (!live) return;
      setWords(facts ? facts.panel : null);
      if (facts) setMessages([botMessage(facts.panel.greeting)]);
    });
    return () => {
      live = false;
    };
  }, [props.factsUrl]);

  // The chat's module is fetched when the panel first opens.
  useEffect(() => {
    if (open && words) prepareAnswers(props.factsUrl);
  }, [open, words, props.factsUrl]);

  // A press that asked for the panel when it cannot have its words goes where the link goes.
  useEffect(() => {
    if (open && words === null) window.location.assign(props.contactUrl);
  }, [open, words, props.contactUrl]);

  if (words === null) {
    return (
      <a id="chat" className="chat-fab" href={props.contactUrl} aria-label={props.contactLabel}>
        <ChatIcon />
      </a>
    );
  }

  const close = () => {
    setOpen(false);
    fabRef.current?.focus();
  };

  const send = (text: string) => {
    if (!text.trim() || !words) return;
    const visitor = visitorMessage(text.trim());
    setMessages((current) => [...current, visitor]);
    // Without the chat's module the fallback reply: the contact button.
    void answer(text, props.factsUrl, words.fallback).then((reply: ChatReply) => {
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
        aria-expanded={open && Boolean(words)}
        aria-controls={open && words ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <ChatIcon />
      </button>
      {open && words ? (
        <ChatPanel
          id={panelId}
          labels={words.labels}
          messages={messages}
          onSend={send}
          onClose={close}
          onContact={() => setDialog('contact')}
          onCancelMembership={() => setDialog('cancel')}
        />
      ) : null}
      {core && words ? (
        <>
          <MailFormDialog
            core={core}
            form="chatContact"
            open={dialog === 'contact'}
            title={words.contactDialogTitle}
            idPrefix={`${panelId}-contact`}
            texts={words.texts}
            onClose={() => setDialog('none')}
            onValid={(values: FieldValues) =>
              mailSent(core.mailLink('chatContact', values, words.to), words.contactConfirmation)
            }
          />
          <MailFormDialog
            core={core}
            form="cancellation"
            open={dialog === 'cancel'}
            title={words.cancelDialogTitle}
            idPrefix={`${panelId}-cancel`}
            texts={words.texts}
            onClose={() => setDialog('none')}
            onValid={(values: FieldValues) =>
              mailSent(core.mailLink('cancellation', values, words.to), words.cancelConfirmation)
            }
          />
        </>
      ) : null}
    </>
  );
}
