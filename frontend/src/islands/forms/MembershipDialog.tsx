/**
 * The founder page's membership modal (SPEC section 4: choosing a plan opens a modal with the
 * membership form and that plan preselected; success closes the modal). Plan buttons carry
 * `data-membership-plan`; without JavaScript they lead to the same form further down the page.
 */
import { useEffect, useState } from 'react';
import { onIslandRequest } from '../../site/island-requests';
import { Dialog } from '../../ui/Dialog';
import { EnquiryFormView } from './EnquiryFormView';
import type { EnquiryFormProps } from './types';

interface MembershipDialogProps extends EnquiryFormProps {
  title: string;
  description: string;
}

export default function MembershipDialog({ title, description, ...form }: MembershipDialogProps) {
  const [plan, setPlan] = useState<string | null>(null);
  /** Each opening starts a fresh form with the chosen plan. */
  const [opening, setOpening] = useState(0);
  useEffect(
    () =>
      onIslandRequest<{ plan?: string }>('MembershipDialog', (detail) => {
        setPlan(detail.plan ?? '');
        setOpening((count) => count + 1);
      }),
    [],
  );
  return (
    <Dialog open={plan !== null} onClose={() => setPlan(null)} title={title} description={description}>
      {plan !== null ? (
        <EnquiryFormView
          key={opening}
          {...form}
          values={{ selectedMembership: plan }}
          errors={{}}
          sent={false}
          onSent={() => setPlan(null)}
        />
      ) : null}
    </Dialog>
  );
}
