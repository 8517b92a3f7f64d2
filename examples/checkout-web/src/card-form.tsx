import { detectCardBrand, validateCard, type CardInput, type FieldError } from '@tessera/core';
import { useState, type FormEvent } from 'react';

/** What the form hands over once the card is valid. */
export interface CardFormValue {
  card: CardInput;
  email: string;
}

interface CardFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** A payment is running: the Pay button keeps focus but does nothing (`aria-disabled`), the inputs are read-only. */
  busy: boolean;
  payLabel: string;
  /** Focus the email when shown again after a result ("Try again"), so focus does not fall to `<body>`. */
  autoFocus: boolean;
  onSubmit: (value: CardFormValue) => void;
}

const fieldLabels = { cardNumber: 'Card number', expiryDate: 'Expiry (MM/YY)', cvc: 'CVC', cardholderName: 'Name on card' } as const;
type CardField = keyof typeof fieldLabels;

/**
 * Card form with inline field errors from `validateCard` (all of them at once, shown after the first submit), each
 * under its input, tied by `aria-describedby` and announced (`role="alert"`).
 */
export function CardForm({ email, onEmailChange, busy, payLabel, autoFocus, onSubmit }: CardFormProps) {
  const [card, setCard] = useState<Record<CardField, string>>({ cardNumber: '', expiryDate: '', cvc: '', cardholderName: '' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [submitted, setSubmitted] = useState(false);

  const check = (next: Record<CardField, string>, nextEmail: string): FieldError[] => {
    const input: CardInput = { cardNumber: next.cardNumber, expiryDate: next.expiryDate, cvc: next.cvc };
    if (next.cardholderName) input.cardholderName = next.cardholderName;
    const result = validateCard(input);
    const found = result.ok ? [] : [...result.errors];
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(nextEmail)) found.push({ field: 'email', code: 'invalid_format', message: 'Enter a valid email address' });
    return found;
  };

  const update = (field: CardField, value: string) => {
    const next = { ...card, [field]: value };
    setCard(next);
    if (submitted) setErrors(check(next, email));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = check(card, email);
    setErrors(found);
    if (found.length > 0) return;
    const input: CardInput = { cardNumber: card.cardNumber, expiryDate: card.expiryDate, cvc: card.cvc };
    if (card.cardholderName) input.cardholderName = card.cardholderName;
    onSubmit({ card: input, email });
  };

  const errorOf = (field: string) => errors.find((error) => error.field === field)?.message;
  const brand = detectCardBrand(card.cardNumber);
  const errorText = (field: string) => errorOf(field) && <p id={`${field}-error`} className="error" role="alert">{errorOf(field)}</p>;
  const input = (field: CardField, props: { autoComplete: string; inputMode?: 'numeric'; placeholder: string }) => (
    <div className="field">
      <label htmlFor={field}>{fieldLabels[field]}</label>
      <input
        id={field}
        name={field}
        value={card[field]}
        onChange={(event) => update(field, event.target.value)}
        aria-invalid={errorOf(field) ? true : undefined}
        aria-describedby={errorOf(field) ? `${field}-error` : undefined}
        readOnly={busy}
        {...props}
      />
      {errorText(field)}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="email" autoFocus={autoFocus} value={email} readOnly={busy} placeholder="you@example.com"
          onChange={(event) => { onEmailChange(event.target.value); if (submitted) setErrors(check(card, event.target.value)); }}
          aria-invalid={errorOf('email') ? true : undefined} aria-describedby={errorOf('email') ? 'email-error' : undefined} />
        {errorText('email')}
      </div>
      {input('cardNumber', { autoComplete: 'cc-number', inputMode: 'numeric', placeholder: '4242 4242 4242 4242' })}
      <div className="row">
        {input('expiryDate', { autoComplete: 'cc-exp', placeholder: 'MM/YY' })}
        {input('cvc', { autoComplete: 'cc-csc', inputMode: 'numeric', placeholder: brand === 'amex' ? '1234' : '123' })}
      </div>
      {input('cardholderName', { autoComplete: 'cc-name', placeholder: 'Ada Lovelace' })}
      <button type="submit" className="pay" aria-disabled={busy || undefined}>{payLabel}</button>
    </form>
  );
}
