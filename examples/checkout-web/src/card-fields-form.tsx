import { TesseraValidationError, type FieldError, type TokenizedCardResult } from '@tessera/tokenizer';
import type { CardFields as CardFieldsObject } from '@tessera/tokenizer/fields';
import { CardFields } from '@tessera/tokenizer/react';
import { useState, type FormEvent } from 'react';

interface CardFieldsFormProps {
  /** The card fields, created once (`createCardFields`, in `app.tsx`). */
  fields: CardFieldsObject;
  email: string;
  onEmailChange: (email: string) => void;
  disabled: boolean;
  payLabel: string;
  /** The card was tokenized in the frames: the service token and the card facts. */
  onTokenized: (result: TokenizedCardResult) => void;
  /** Tokenizing failed for another reason than the fields (the vault, the network). */
  onError: (error: unknown) => void;
}

const validEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/**
 * The card form on Basis Theory's iframes (PCI SAQ A): the card number, expiry and CVC are typed into frames served
 * by the vault, so this page never holds them; the name is a plain input Tessera adds. Field errors come from
 * `tokenize()` (a `TesseraValidationError` naming each field, nothing sent), shown under the fields after a submit.
 */
export function CardFieldsForm({ fields, email, onEmailChange, disabled, payLabel, onTokenized, onError }: CardFieldsFormProps) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [ready, setReady] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const emailErrors: FieldError[] = validEmail(email) ? [] : [{ field: 'email', code: 'invalid_format', message: 'Enter a valid email address' }];
    try {
      const result = await fields.tokenize();
      setErrors(emailErrors);
      if (emailErrors.length === 0) onTokenized(result);
    } catch (error) {
      if (TesseraValidationError.isInstance(error)) setErrors([...emailErrors, ...error.fields]);
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
