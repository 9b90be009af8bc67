/**
 * The fields of one of the core's form schemas, with values, per-field messages and the
 * disabled state. The markup is the server's (crates/site/src/pages/components/enquiry_form.rs:
 * `.form-grid`, `.field`, `.field-label`, `.field-input`, `.field-error`, radio rows), so an
 * island that mounts over a server form keeps every box where it was. Change both together.
 */
import type { Field } from '../../wasm-pkg/onespace_wasm';

export type FieldValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** Texts the server's form shows around its fields. */
export interface FieldTexts {
  /** First option of a required select. */
  choosePrompt: string;
  /** First option of an optional select. */
  optionalPrompt: string;
}

interface FormFieldsProps {
  fields: readonly Field[];
  values: FieldValues;
  errors: FieldErrors;
  /** Makes ids unique when one page has several forms (the form's anchor). */
  idPrefix: string;
  texts: FieldTexts;
  /** While sending: every control is disabled. */
  disabled?: boolean;
  onChange: (name: string, value: string) => void;
}

export function fieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`;
}

/** Empty values for every field of a schema. */
export function blankValues(fields: readonly Field[]): FieldValues {
  return Object.fromEntries(fields.map((field) => [field.name, '']));
}

export function FormFields({ fields, values, errors, idPrefix, texts, disabled = false, onChange }: FormFieldsProps) {
  return (
    <div className="form-grid">
      {fields.map((field) => (
        <FormField
          key={field.name}
          field={field}
          wide={!isHalfWidth(fields, field)}
          id={fieldId(idPrefix, field.name)}
          value={values[field.name] ?? ''}
          error={errors[field.name]}
          texts={texts}
          disabled={disabled}
          onChange={onChange}
        />
      ))}
    </div>
  );
}

interface FormFieldProps {
  field: Field;
  wide: boolean;
  id: string;
  value: string;
  error: string | undefined;
  texts: FieldTexts;
  disabled: boolean;
  onChange: (name: string, value: string) => void;
}

/**
 * Whether a field shares its row on wider screens, as the server decides (`half_width`): first
 * and last name, and the phone beside a drop-down when the form has both; everything else takes
 * the full row.
 */
function isHalfWidth(fields: readonly Field[], field: Field): boolean {
  const has = (kind: Field['inputType']) => fields.some((other) => other.inputType === kind);
  return (
    field.name === 'firstName' ||
    field.name === 'lastName' ||
    ((field.inputType === 'tel' || field.inputType === 'select') && has('tel') && has('select'))
  );
}

function FormField({ field, wide, id, value, error, texts, disabled, onChange }: FormFieldProps) {
  const errorId = `${id}-error`;
  const invalid = { ...(error ? { 'aria-invalid': true as const } : {}), ...(disabled ? { disabled } : {}) };
  const described = error ? { 'aria-describedby': errorId } : {};
  const className = `field${wide ? ' field-wide' : ''}${error ? ' field-invalid' : ''}`;
  const label = <LabelText field={field} />;

  let control;
  if (field.inputType === 'radio') {
    control = (
      <fieldset className="field-radios" {...described}>
        <legend className="field-label">{label}</legend>
        <div className="radio-row">
          {field.options.map((option) => {
            const optionId = `${id}-${option.value}`;
            return (
              <label key={option.value} className="radio-option" htmlFor={optionId}>
                <input
                  type="radio"
                  id={optionId}
                  name={field.name}
                  value={option.value}
                  required={field.required}
                  checked={value === option.value}
                  {...invalid}
                  onChange={() => onChange(field.name, option.value)}
                />
                <span>{option.label}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
    );
  } else if (field.inputType === 'select') {
    control = (
      <>
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        <select
          className="field-input"
          id={id}
          name={field.name}
          required={field.required}
          value={value}
          {...invalid}
          {...described}
          autoComplete={field.autocomplete ?? undefined}
          onChange={(event) => onChange(field.name, event.target.value)}
        >
          <option value="">{field.required ? texts.choosePrompt : texts.optionalPrompt}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </>
    );
  } else if (field.inputType === 'textarea') {
    control = (
      <>
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        <textarea
          className="field-input"
          id={id}
          name={field.name}
          rows={5}
          maxLength={field.inputMaxLength}
          required={field.required}
          placeholder={field.placeholder ?? undefined}
          value={value}
          {...invalid}
          {...described}
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      </>
    );
  } else {
    control = (
      <>
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        <input
          className="field-input"
          type={field.inputType}
          id={id}
          name={field.name}
          value={value}
          maxLength={field.inputMaxLength}
          required={field.required}
          autoComplete={field.autocomplete ?? undefined}
          placeholder={field.placeholder ?? undefined}
          {...invalid}
          {...described}
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      </>
    );
  }

  return (
    <div className={className}>
      {control}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function LabelText({ field }: { field: Field }) {
  return (
    <>
      {field.label}
      {field.required ? (
        <>
          {' '}
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        </>
      ) : null}
    </>
  );
}
