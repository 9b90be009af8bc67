/**
 * An enquiry form (contact, investment interest, investor contact, membership) and its states
 * (SPEC section 4): idle, then submitting (fields and button disabled, 'Sending...' or
 * 'Confirming...'), then on success the form is cleared, a success toast shows and, where the
 * form has one, the thank-you panel replaces it until 'Send another message' / 'Submit Another
 * Request'; on failure the values stay, an error toast shows and a 422's messages appear beside
 * their fields. Values are checked first with the core's rules (through WebAssembly); the
 * membership form's missing fields raise 'Missing Information' and send nothing. Every try of one
 * filling-in carries the same idempotency key (a fresh one after each successful send), so a
 * resend never stores the enquiry twice.
 *
 * The markup is the server's (crates/site/src/pages/components/enquiry_form.rs); `novalidate` hands
 * checking to the core so its messages, not the browser's, are shown.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { loadCore } from '../../core/load';
import { coreToast } from '../../ui/toaster';
import { blankValues, fieldId, FormFields, type FieldErrors, type FieldValues } from './FormFields';
import { newIdempotencyKey } from './idempotency';
import { postEnquiry } from './submit';
import { ThankYouPanel } from './ThankYouPanel';
import type { EnquiryFormProps } from './types';

type Phase = 'idle' | 'submitting' | 'sent';

export interface EnquiryFormViewProps extends EnquiryFormProps {
  /** Called after a successful send (the founder page's modal closes). */
  onSent?: () => void;
}

export function EnquiryFormView(props: EnquiryFormViewProps) {
  const { form, fields, messages, anchor, texts, onSent } = props;
  const [values, setValues] = useState<FieldValues>(() => ({
    ...blankValues(fields),
    ...props.values,
    ...typedBeforeMount(anchor, fields),
  }));
  const [refocus] = useState(() => focusedFieldBeforeMount(anchor));
  const [errors, setErrors] = useState<FieldErrors>(() => props.errors ?? {});
  const [phase, setPhase] = useState<Phase>(props.sent && props.thanks ? 'sent' : 'idle');
  /** One key per filling-in: kept through retries, replaced after a successful send. */
  const [idempotencyKey, setIdempotencyKey] = useState(() => props.idempotencyKey ?? newIdempotencyKey());
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  /**
   * Set from a submit's start to its end. `phase` changes only once the values are checked (the
   * core may still be on its way), so a second submit in that moment, a press just after the
   * island submitted the press it held before it mounted (islands/runtime), must be stopped here.
   */
  const busy = useRef(false);
  const submitting = phase === 'submitting';

  const change = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  // The field the visitor was in when the island took over keeps the focus.
  useEffect(() => {
    if (refocus) document.getElementById(fieldId(anchor, refocus))?.focus();
  }, [anchor, refocus]);

  const focusField = (name: string | undefined) => {
    if (!name) return;
    const byId = document.getElementById(fieldId(anchor, name));
    (byId ?? formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`))?.focus();
  };
  const firstWithError = (found: FieldErrors) => fields.find((field) => field.name in found)?.name;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || busy.current) return;
    busy.current = true;
    try {
      await check();
    } finally {
      busy.current = false;
    }
  };

  /** Checks the values and, when they hold, sends them. */
  const check = async () => {
    const core = await loadCore();
    const checked = core.validateForm(form, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const missing = fields.some((field) => field.required && !(values[field.name] ?? '').trim());
      if (missing && messages.missing) coreToast(messages.missing);
      focusField(firstWithError(checked.errors));
      return;
    }
    setErrors({});
    setPhase('submitting');
    const honeypot = formRef.current?.querySelector<HTMLInputElement>(`input[name="${props.honeypot}"]`)?.value ?? '';
    const outcome = await postEnquiry(
      props.endpoint,
      { ...values, formType: props.formType, [props.honeypot]: honeypot },
      { header: props.idempotencyHeader, key: idempotencyKey },
    );
    if (outcome.kind === 'sent') {
      setValues(blankValues(fields));
      setIdempotencyKey(newIdempotencyKey());
      if (messages.success) coreToast(messages.success);
      if (messages.thankYou && props.thanks) {
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
      window.requestAnimationFrame(() => focusField(firstWithError(outcome.errors)));
    }
    if (messages.failure) coreToast(messages.failure);
  };

  if (phase === 'sent' && props.thanks) {
    return (
      <ThankYouPanel
        anchor={anchor}
        panel={props.thanks}
        panelRef={thanksRef}
        onAgain={() => {
          setPhase('idle');
          window.requestAnimationFrame(() => focusField(fields[0]?.name));
        }}
      />
    );
  }

  return (
    <form
      ref={formRef}
      className="enquiry-form"
      method="post"
      action={props.action}
      id={anchor}
      noValidate
      aria-busy={submitting}
      onSubmit={(event) => void submit(event)}
    >
      <ErrorSummary anchor={anchor} errors={errors} fields={fields} title={texts.summaryTitle} />
      <p className="form-note">
        {texts.requiredNoteBefore}{' '}
        <span className="required-mark" aria-hidden="true">
          *
        </span>{' '}
        {texts.requiredNoteAfter}
      </p>
      <input type="hidden" name="formType" value={props.formType} />
      <input type="hidden" name={props.idempotencyField} value={idempotencyKey} />
      <FormFields
        fields={fields}
        values={values}
        errors={errors}
        idPrefix={anchor}
        texts={texts}
        disabled={submitting}
        onChange={change}
      />
      <div className="hp-field" aria-hidden="true">
        <label>
          {texts.honeypotLabel}
          <input name={props.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <button className="btn btn-primary mt-6 w-full sm:w-auto" type="submit" disabled={submitting}>
        {submitting ? (messages.submittingLabel ?? messages.submitLabel) : messages.submitLabel}
      </button>
    </form>
  );
}

/**
 * What the visitor typed into the server's form before the island mounted. The first render runs
 * before React replaces the server markup, so the server's form is still in the document then.
 */
function typedBeforeMount(anchor: string, fields: EnquiryFormProps['fields']): FieldValues {
  const form = document.getElementById(anchor);
  if (!(form instanceof HTMLFormElement)) return {};
  const data = new FormData(form);
  const typed: FieldValues = {};
  for (const field of fields) {
    const value = data.get(field.name);
    if (typeof value === 'string' && value !== '') typed[field.name] = value;
  }
  return typed;
}

/** The field of the server's form that has focus as the island mounts, if any. */
function focusedFieldBeforeMount(anchor: string): string | null {
  const active = document.activeElement;
  const form = document.getElementById(anchor);
  if (!(form instanceof HTMLFormElement) || !active || !form.contains(active)) return null;
  return active.getAttribute('name');
}

interface ErrorSummaryProps {
  anchor: string;
  errors: FieldErrors;
  fields: EnquiryFormProps['fields'];
  title: string;
}

/** The list of problems above the form, each linking to its field (as the server lists them). */
function ErrorSummary({ anchor, errors, fields, title }: ErrorSummaryProps) {
  const names = Object.keys(errors).sort();
  if (names.length === 0) return null;
  return (
    <div className="form-summary" role="alert">
      <p className="font-semibold">{title}</p>
      <ul className="mt-2 list-disc pl-5">
        {names.map((name) => (
          <li key={name}>
            {fields.some((field) => field.name === name) ? (
              <a href={`#${fieldId(anchor, name)}`}>{errors[name]}</a>
            ) : (
              errors[name]
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
