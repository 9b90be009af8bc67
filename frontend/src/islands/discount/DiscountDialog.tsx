/**
 * The concession discount request (students, Blue Light holders, over 60s; SPEC sections 4, 5).
 * Buttons with `data-discount-open` open it; without JavaScript they are mailto links. A blank
 * required field stops the request with the core's destructive toast 'Please fill in all
 * required fields'; otherwise the core's discount mail link opens the visitor's e-mail client,
 * the dialog closes, the form clears and the toast 'Email client opened' shows. The discount's
 * percentage is the studio's content, so the page gives it (`percentOff`) and the dialog adds it
 * to the values the core writes the mail from.
 */
import { useEffect, useState } from 'react';
import { onIslandRequest } from '../../site/island-requests';
import { openMailLink } from '../../site/mail-link';
import { coreToast } from '../../ui/toaster';
import type { FieldTexts } from '../forms/FormFields';
import { MailFormDialog, requiredFieldMissing } from '../forms/MailFormDialog';
import { useCore } from '../use-core';

interface DiscountDialogProps {
  title: string;
  description: string;
  texts: FieldTexts;
  percentOff: number;
  /** The studio's e-mail address (from the content), which the request is sent to. */
  to: string;
}

export default function DiscountDialog({ title, description, texts, percentOff, to }: DiscountDialogProps) {
  const [open, setOpen] = useState(false);
  const core = useCore(open);
  useEffect(() => onIslandRequest('DiscountDialog', () => setOpen(true)), []);
  if (!core) return null;
  const messages = core.formMessages('discount');
  return (
    <MailFormDialog
      core={core}
      form="discount"
      open={open}
      title={title}
      description={description}
      idPrefix="discount"
      texts={texts}
      onClose={() => setOpen(false)}
      onInvalid={(_validation, values) => {
        if (messages.missing && requiredFieldMissing(core, 'discount', values)) coreToast(messages.missing);
      }}
      onValid={(values) => {
        openMailLink(core.mailLink('discount', { ...values, percentOff: String(percentOff) }, to));
        setOpen(false);
        if (messages.success) coreToast(messages.success);
      }}
    />
  );
}
