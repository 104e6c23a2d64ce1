/** What other features may use of payments: starting a card checkout for a course. */
export { useStartCheckout, type StartCheckoutVariables } from './checkout';
