/**
 * The fields of one of the core's form schemas, with values, per-field messages and the
 * disabled state. The server's widgets (crates/server/src/widgets/form.rs) write the same
 * markup for the no-JavaScript form, so an island that mounts over a server form keeps every
 * box where it was. Change both together.
 */
import type { Field } from '../../wasm-pkg/onespace_wasm';

export type FieldValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

interface FormFieldsProps {
  fields: readonly Field[];
  values: FieldValues;
  errors: FieldErrors;
  /** Makes ids unique when one page has several forms. */
  idPrefix: string;
  /** First option of a select, shown while nothing is chosen. */
  choosePrompt: string;
  onChange: (name: string, value: string) => void;
}

export function fieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`;
}

/** Empty values for every field of a schema. */
export function blankValues(fields: readonly Field[]): FieldValues {
  return Object.fromEntries(fields.map((field) => [field.name, '']));
}

export function FormFields({ fields, values, errors, idPrefix, choosePrompt, onChange }: FormFieldsProps) {
  return (
    <div className="form-fields">
      {fields.map((field) => (
        <FormField
          key={field.name}
          field={field}
          id={fieldId(idPrefix, field.name)}
          value={values[field.name] ?? ''}
          error={errors[field.name]}
          choosePrompt={choosePrompt}
          onChange={onChange}
        />
      ))}
    </div>
  );
}

interface FormFieldProps {
  field: Field;
  id: string;
  value: string;
  error: string | undefined;
  choosePrompt: string;
  onChange: (name: string, value: string) => void;
}

function FormField({ field, id, value, error, choosePrompt, onChange }: FormFieldProps) {
  const errorId = `${id}-error`;
  const described = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const message = error ? (
    <p className="form-error" id={errorId}>
      {error}
    </p>
  ) : null;
  const wide = field.inputType === 'textarea' || field.inputType === 'radio';
  const className = wide ? 'form-field form-field-wide' : 'form-field';

  if (field.inputType === 'radio') {
    return (
      <fieldset className={className} {...described}>
        <legend className="form-label">
          {field.label}
          {field.required ? <RequiredMark /> : null}
        </legend>
        <div className="form-radios">
          {field.options.map((option) => (
            <label key={option.value} className="form-radio">
              <input
                type="radio"
                name={field.name}
                value={option.value}
                required={field.required}
                checked={value === option.value}
                onChange={() => onChange(field.name, option.value)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        {message}
      </fieldset>
    );
  }

  const common = {
    id,
    name: field.name,
    required: field.required,
    value,
    ...described,
  };
  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {field.label}
        {field.required ? <RequiredMark /> : null}
      </label>
      {field.inputType === 'select' ? (
        <select {...common} className="form-input" onChange={(event) => onChange(field.name, event.target.value)}>
          <option value="">{choosePrompt}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.inputType === 'textarea' ? (
        <textarea
          {...common}
          className="form-input form-textarea"
          rows={5}
          maxLength={field.maxLength}
          placeholder={field.placeholder ?? undefined}
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      ) : (
        <input
          {...common}
          className="form-input"
          type={field.inputType}
          maxLength={field.maxLength}
          autoComplete={field.autocomplete ?? undefined}
          placeholder={field.placeholder ?? undefined}
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      )}
      {message}
    </div>
  );
}

function RequiredMark() {
  return (
    <span className="form-required" aria-hidden="true">
      {' *'}
    </span>
  );
}
