import { TesseraValidationError, type FieldError } from '@tessera/tokenizer';
import type { CardFields as CardFieldsObject } from '@tessera/tokenizer/fields';
import { CardFields } from '@tessera/tokenizer/react';
import { useState, type FormEvent } from 'react';

interface CardFieldsFormProps {
  /** The card fields, created once (`tessera.cardFields()`, in `app.tsx`). */
  fields: CardFieldsObject;
  email: string;
  onEmailChange: (email: string) => void;
  disabled: boolean;
  payLabel: string;
  /** Pays with the fields (`tessera.pay({ fields })`): rejects with a `TesseraValidationError` naming the fields to fix. */
  onPay: () => Promise<void>;
  /** The frames failed to load. */
  onError: (error: unknown) => void;
}

const validEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/**
 * The card form on Basis Theory's iframes (PCI SAQ A): the card number, expiry and CVC are typed into frames served
 * by the vault, so this page never holds them; the name is a plain input Tessera adds. Field errors come from
 * `tessera.pay({ fields })` (a `TesseraValidationError` naming each field, nothing sent), shown under the fields after a submit.
 */
export function CardFieldsForm({ fields, email, onEmailChange, disabled, payLabel, onPay, onError }: CardFieldsFormProps) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [ready, setReady] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A wrong email stops here, shown with what the frames report already; the card is checked again when paying.
    if (!validEmail(email)) {
      setErrors([{ field: 'email', code: 'invalid_format', message: 'Enter a valid email address' }, ...fields.getState().errors]);
      return;
    }
    setErrors([]);
    try {
      await onPay();
    } catch (error) {
      if (TesseraValidationError.isInstance(error)) setErrors(error.fields);
      else onError(error);
    }
  };

  const errorOf = (field: string) => errors.find((error) => error.field === field)?.message;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-fields-ready={ready ? 'true' : undefined}>
      <label className="field">
        <span>Email</span>
        <input name="email" type="email" autoComplete="email" value={email} disabled={disabled} placeholder="you@example.com"
          onChange={(event) => onEmailChange(event.target.value)}
          aria-invalid={errorOf('email') ? true : undefined} aria-describedby={errorOf('email') ? 'email-error' : undefined} />
        {errorOf('email') && <small id="email-error" className="error">{errorOf('email')}</small>}
      </label>
      <div className="field">
        <span>Card</span>
        {/* Number, expiry and CVC in one frame each; the frames label their inputs for screen readers. */}
        <CardFields fields={fields} layout="split" className="card-fields" onReady={() => setReady(true)} onError={onError} />
        {(['cardNumber', 'expiryDate', 'cvc', 'cardholderName'] as const).map((field) =>
          errorOf(field) ? <small key={field} className="error">{errorOf(field)}</small> : null,
        )}
      </div>
      <button type="submit" className="pay" disabled={disabled || !ready}>{payLabel}</button>
    </form>
  );
}
