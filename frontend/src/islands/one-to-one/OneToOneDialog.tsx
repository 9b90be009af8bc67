/**
 * The 1-2-1 personal training enquiry on the team page (SPEC section 2: cards of coaches who
 * offer 1-2-1 open an enquiry dialog). The card's button carries `data-one-to-one` with the team
 * member's id, and the server hands over the names of the coaches who offer 1-2-1 by id (from the
 * core's team); without JavaScript the button is the core's mail link itself.
 * The dialog offers the core's mail link to that coach (subject naming the coach, body asking
 * for times, pricing and what to expect) and the studio's phone; the studio's e-mail and `tel:`
 * link come in the props, from the content.
 */
import { useEffect, useState } from 'react';
import { onIslandRequest } from '../../site/island-requests';
import { openMailLink } from '../../site/mail-link';
import { Dialog } from '../../ui/Dialog';
import { useCore } from '../use-core';

interface OneToOneDialogProps {
  /** Before the coach's name in the title, e.g. '1-2-1 Personal Training with'. */
  titlePrefix: string;
  description: string;
  emailLabel: string;
  callLabel: string;
  /** Names of the coaches who offer 1-2-1, by team member id. */
  coaches: Record<string, string>;
  /** The studio's e-mail address, which the enquiry is sent to. */
  to: string;
  /** The studio's `tel:` link. */
  tel: string;
}

export default function OneToOneDialog({ titlePrefix, description, emailLabel, callLabel, coaches, to, tel }: OneToOneDialogProps) {
  const [memberId, setMemberId] = useState<string | null>(null);
  const core = useCore(memberId !== null);
  useEffect(
    () => onIslandRequest<{ memberId?: string }>('OneToOneDialog', (detail) => setMemberId(detail.memberId ?? '')),
    [],
  );
  const coach = memberId === null ? undefined : coaches[memberId];
  if (!core || coach === undefined) return null;
  const close = () => setMemberId(null);
  return (
    <Dialog open onClose={close} title={`${titlePrefix} ${coach}`.trim()} description={description}>
      <div className="dialog-actions">
        <button
          type="button"
          className="btn btn-primary"
          data-autofocus
          onClick={() => {
            openMailLink(core.oneToOneMailLink(coach, to));
            close();
          }}
        >
          {emailLabel}
        </button>
        <a className="btn btn-outline" href={tel}>
          {callLabel}
        </a>
      </div>
    </Dialog>
  );
}
