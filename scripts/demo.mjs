// Placeholder end-to-end script until the full demo lands: card validation → service token round trip.
import { decodeServiceToken, encodeServiceToken, formatAmount, validateCard } from '@tessera/core';

const result = validateCard({ cardNumber: '4242 4242 4242 4242', expiryDate: '12/30', cvc: '123' });
if (!result.ok) throw new Error('validation failed');
const token = encodeServiceToken({ type: 'card', token: 'tok_demo', provider: 'demo', nonSensitiveMetadata: { last4: result.card.number.slice(-4), brand: result.card.brand, issuer: { name: 'Société Générale' } } });
console.log('card ok:', result.card.brand, '…' + result.card.number.slice(-4));
console.log('service token:', token);
console.log('decoded:', decodeServiceToken(token));
console.log('amount:', formatAmount(1999, 'USD', 'en-US'));
