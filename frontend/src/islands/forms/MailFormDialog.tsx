/**
 * A dialog whose form ends in the visitor's own e-mail client: the discount request and the
 * chat's contact and cancellation forms. Fields come from the core's schema for `form`, values
 * are checked with the core's rules; when they pass, the owner builds the core's mail link from
 * them. The form is cleared when it closes after a send.
 */
import { useState, type FormEvent } from 'react';
import type { CoreModule } from '../../core/load';
import type { FormName, Validation } from '../../wasm-pkg/onespace_wasm';
import { Dialog } from '../../ui/Dialog';
import { blankValues, FormFields, type FieldErrors, type FieldTexts, type FieldValues } from './FormFields';

interface MailFormDialogProps {
  core: CoreModule;
  form: FormName;
  open: boolean;
  title: string;
  description?: string | undefined;
  idPrefix: string;
  texts: FieldTexts;
  onClose: () => void;
  /** Values passed the core's rules: open the mail link, say so, close. */
  onValid: (values: FieldValues) => void;
  /** Values failed (the discount form's 'Please fill in all required fields' toast). */
  onInvalid?: (validation: Validation, values: FieldValues) => void;
}

export function MailFormDialog(props: MailFormDialogProps) {
  const { core, form } = props;
  const [schema] = useState(() => core.formSchema(form));
  const [submitLabel] = useState(() => core.formMessages(form).submitLabel);
  const [values, setValues] = useState<FieldValues>(() => blankValues(schema.fields));
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const validation = core.validateForm(form, values);
    if (!validation.ok) {
      setErrors(validation.errors);
      props.onInvalid?.(validation, values);
      const first = schema.fields.find((field) => field.name in validation.errors);
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
      return;
    }
    props.onValid(values);
    setValues(blankValues(schema.fields));
    setErrors({});
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title} description={props.description}>
      <form className="enquiry-form" noValidate onSubmit={submit}>
        <FormFields
          fields={schema.fields}
          values={values}
          errors={errors}
          idPrefix={props.idPrefix}
          texts={props.texts}
          onChange={(name, value) => {
            setValues((current) => ({ ...current, [name]: value }));
            setErrors(({ [name]: _gone, ...rest }) => rest);
          }}
        />
        <button type="submit" className="btn btn-primary mt-6 w-full sm:w-auto">
          {submitLabel}
        </button>
      </form>
    </Dialog>
  );
}

/** True when a required field of the schema is blank (as opposed to, say, a malformed email). */
export function requiredFieldMissing(core: CoreModule, form: FormName, values: FieldValues): boolean {
  return core.formSchema(form).fields.some((field) => field.required && !(values[field.name] ?? '').trim());
}
