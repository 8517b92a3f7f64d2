export { renewDue, renewSubscription, RETRY_SCHEDULE_DAYS, type RenewalOutcome, type Subscription } from './renewal.js';
