/**
 * An enquiry form (contact, investment interest, investor contact, membership) and its states
 * (SPEC section 4): idle, then submitting (fields and button disabled, 'Sending...' or
 * 'Confirming...'), then on success the form is cleared, a success toast shows and, where the
 * form has one, the thank-you panel replaces it until 'Send another message' / 'Submit Another
 * Request'; on failure the values stay, an error toast shows and a 422's messages appear beside
 * their fields. Values are checked first with the core's rules (through WebAssembly); the
 * membership form's missing fields raise 'Missing Information' and send nothing.
 *
 * The markup is the server's (crates/server/src/widgets/form.rs); `novalidate` hands checking to
 * the core so its messages, not the browser's, are shown.
 */
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { loadCore } from '../../core/load';
import { coreToast } from '../../ui/toaster';
import { blankValues, fieldId, FormFields, type FieldErrors, type FieldValues } from './FormFields';
import { postEnquiry } from './submit';
import type { EnquiryFormProps } from './types';

type Phase = 'idle' | 'submitting' | 'sent';

export interface EnquiryFormViewProps extends EnquiryFormProps {
  /** Called after a successful send (the founder page's modal closes). */
  onSent?: () => void;
}

export function EnquiryFormView(props: EnquiryFormViewProps) {
  const { form, fields, messages, idPrefix, onSent } = props;
  const [values, setValues] = useState<FieldValues>(() => ({ ...blankValues(fields), ...props.values }));
  const [errors, setErrors] = useState<FieldErrors>(() => props.errors ?? {});
  const [phase, setPhase] = useState<Phase>(props.sent ? 'sent' : 'idle');
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);

  const change = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  const focusFirstError = (found: FieldErrors) => {
    const first = fields.find((field) => field.name in found);
    if (!first) return;
    const element =
      document.getElementById(fieldId(idPrefix, first.name)) ??
      formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`);
    element?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === 'submitting') return;
    const core = await loadCore();
    const checked = core.validateForm(form, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const missing = fields.some((field) => field.required && !(values[field.name] ?? '').trim());
      if (missing && messages.missing) coreToast(messages.missing);
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    setPhase('submitting');
    const honeypot = formRef.current?.querySelector<HTMLInputElement>(`input[name="${props.honeypot}"]`)?.value ?? '';
    const outcome = await postEnquiry(props.endpoint, {
      ...values,
      formType: props.formType,
      [props.honeypot]: honeypot,
    });
    if (outcome.kind === 'sent') {
      setValues(blankValues(fields));
      if (messages.success) coreToast(messages.success);
      if (messages.thankYou) {
        setPhase('sent');
        window.requestAnimationFrame(() => thanksRef.current?.focus());
      } else {
        setPhase('idle');
      }
      onSent?.();
      return;
    }
    setPhase('idle');
    if (outcome.kind === 'invalid') {
      setErrors(outcome.errors);
      window.requestAnimationFrame(() => focusFirstError(outcome.errors));
    }
    if (messages.failure) coreToast(messages.failure);
  };

  const again = () => {
    setPhase('idle');
    window.requestAnimationFrame(() => {
      const first = fields[0];
      if (first) document.getElementById(fieldId(idPrefix, first.name))?.focus();
    });
  };

  return (
    <div className="enquiry">
      {phase === 'sent' ? (
        <ThankYouPanel {...props} panelRef={thanksRef} onAgain={again} />
      ) : (
        <form
          ref={formRef}
          className="enquiry-form"
          method="post"
          action={props.action}
          noValidate
          aria-busy={phase === 'submitting'}
          onSubmit={(event) => void submit(event)}
        >
          <input type="hidden" name="formType" value={props.formType} />
          <Honeypot name={props.honeypot} idPrefix={idPrefix} />
          <fieldset className="form-body" disabled={phase === 'submitting'}>
            <FormFields
              fields={fields}
              values={values}
              errors={errors}
              idPrefix={idPrefix}
              choosePrompt={props.choosePrompt}
              onChange={change}
            />
            <button type="submit" className="btn btn-primary form-submit">
              {phase === 'submitting' ? (messages.submittingLabel ?? messages.submitLabel) : messages.submitLabel}
            </button>
          </fieldset>
        </form>
      )}
    </div>
  );
}

/** The field people leave empty and bots fill in; hidden from view and from assistive tech. */
function Honeypot({ name, idPrefix }: { name: string; idPrefix: string }) {
  const id = fieldId(idPrefix, name);
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

interface ThankYouPanelProps extends EnquiryFormProps {
  panelRef: RefObject<HTMLDivElement | null>;
  onAgain: () => void;
}

/**
 * Replaces the form after a send. Forms without a thank-you text (the investor forms) show it
 * only after a no-JavaScript post, with the success toast's words instead.
 */
function ThankYouPanel({ messages, thanksActions = [], action, panelRef, onAgain }: ThankYouPanelProps) {
  return (
    <div className="form-thanks" ref={panelRef} tabIndex={-1}>
      <p className="form-thanks-text">{messages.thankYou ?? messages.success?.description}</p>
      <div className="form-thanks-actions">
        {thanksActions.map((link) => (
          <a key={link.label} className="btn btn-outline btn-sm" href={link.href} data-chat-open={link.chatOpen ? '' : undefined}>
            {link.label}
          </a>
        ))}
        {messages.againLabel ? (
          <a
            className="form-again"
            href={action}
            onClick={(event) => {
              event.preventDefault();
              onAgain();
            }}
          >
            {messages.againLabel}
          </a>
        ) : null}
      </div>
    </div>
  );
}
