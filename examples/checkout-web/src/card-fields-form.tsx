import { TesseraValidationError } from '@tessera/tokenizer';
import type { CardFieldName, CardFields } from '@tessera/tokenizer/fields';
import { useEffect, useRef, useState, type FormEvent } from 'react';

interface CardFieldsFormProps {
  /** The card fields, created once (`tessera.cardFields()`, in `app.tsx`). */
  fields: CardFields;
  email: string;
  onEmailChange: (email: string) => void;
  /** A payment is running: the Pay button keeps focus but does nothing (`aria-disabled`). */
  busy: boolean;
  payLabel: string;
  /** Focus the email when shown again after a result ("Try again"), so focus does not fall to `<body>`. */
  autoFocus: boolean;
  /** Pays with the fields (`tessera.pay({ fields })`): rejects with a `TesseraValidationError` naming the fields to fix. */
  onPay: () => Promise<void>;
  /** The frames failed to load. */
  onError: (error: unknown) => void;
}

const validEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

// The card's parts, one Basis Theory frame each, and their visible labels.
const parts = [['number', 'Card number'], ['expiry', 'Expiry date (MM/YY)'], ['cvc', 'Security code (CVC)']] as const;

/**
 * The card form on Basis Theory's iframes (PCI SAQ A): the card number, expiry and CVC are typed into frames served
 * by the vault, so this page never holds them; the name is a labelled input Tessera adds. Each frame sits in a
 * container of this page, labelled. The fields show their own errors: after a refused `tessera.pay({ fields })` (a
 * `TesseraValidationError` naming each field, nothing sent) each field's container gets `tessera-field--invalid` and
 * its errors in a `role="alert"` line under the field, and focus moves to the first; styled in `styles.css`.
 */
export function CardFieldsForm({ fields, email, onEmailChange, busy, payLabel, autoFocus, onPay, onError }: CardFieldsFormProps) {
  const [emailError, setEmailError] = useState<string>();
  const [ready, setReady] = useState(false);
  const containers = useRef<Partial<Record<CardFieldName, HTMLDivElement | null>>>({});
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const container = (field: CardFieldName) => containers.current[field]!;
    const stop = fields.on('ready', () => setReady(true));
    fields.mount({ number: container('number'), expiry: container('expiry'), cvc: container('cvc'), name: container('name') }).catch((error: unknown) => {
      // Unmounted while loading (StrictMode's second mount): not an error, that mount takes over.
      if ((error as { reason?: unknown }).reason !== 'unmounted') onError(error);
    });
    return () => {
      stop();
      fields.unmount();
    };
  }, [fields]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !ready) return;
    // The email is this page's own field: checked here, its error shown under it; the card is checked when paying.
    setEmailError(validEmail(email) ? undefined : 'Enter a valid email address');
    if (!validEmail(email)) return emailInput.current?.focus();
    try {
      await onPay();
    } catch (error) {
      // Field errors are on the fields already; anything else ends the checkout.
      if (!TesseraValidationError.isInstance(error)) onError(error);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-fields-ready={ready ? 'true' : undefined}>
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" ref={emailInput} name="email" type="email" autoComplete="email" autoFocus={autoFocus} value={email} readOnly={busy} placeholder="you@example.com"
          onChange={(event) => onEmailChange(event.target.value)} aria-invalid={emailError ? true : undefined} aria-describedby={emailError ? 'email-error' : undefined} />
        {emailError && <p id="email-error" className="error" role="alert">{emailError}</p>}
      </div>
      <div className="card-fields">
        {parts.map(([field, label]) => (
          <div key={field} className={`field ${field}`}>
            <span id={`${field}-label`}>{label}</span>
            <div className="card-field" data-tessera-field={field} role="group" aria-labelledby={`${field}-label`} ref={(node) => { containers.current[field] = node; }} />
          </div>
        ))}
        {/* Tessera's labelled name input. */}
        <div className="field name" data-tessera-field="name" ref={(node) => { containers.current.name = node; }} />
      </div>
      <button type="submit" className="pay" aria-disabled={busy || !ready || undefined}>{ready ? payLabel : 'Loading card fields…'}</button>
    </form>
  );
}
