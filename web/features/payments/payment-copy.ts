import { FailureReason, type OrderStatus } from '../../../common/payments';

export interface FailureCopy {
  title: string;
  message: string;
}

const FAILURE_COPY: Record<FailureReason, FailureCopy> = {
  cancelled: {
    title: 'Payment Cancelled',
    message:
      'You cancelled the payment, so no money was taken. The course will be here whenever you are ready.',
  },
  failed: {
    title: 'Payment Failed',
    message: 'The payment did not go through, and no money was taken. Please try again, or use another card.',
  },
  declined: {
    title: 'Card Declined',
    message: 'Your bank declined the card. No money was taken. Try another card or contact your bank.',
  },
  insufficient_funds: {
    title: 'Insufficient Funds',
    message:
      'The card does not have enough funds for this purchase. No money was taken. Try another card, or try again later.',
  },
  expired_card: {
    title: 'Card Expired',
    message: 'This card has expired. No money was taken. Please check the expiry date or use another card.',
  },
  invalid_card: {
    title: 'Card Details Not Accepted',
    message:
      'The card details could not be verified. No money was taken. Check the card number, expiry date and security code, then try again.',
  },
};

export const UNKNOWN_FAILURE: FailureCopy = {
  title: 'Payment Error',
  message:
    'Something went wrong with the payment. Please try again. If money left your account, contact us and we will put it right.',
};

/** The failure page's title and text for a `reason` from the address; unknown reasons get 'Payment Error'. */
export function failureCopy(reason: string | null | undefined): FailureCopy {
  const parsed = FailureReason.safeParse(reason);
  return parsed.success ? FAILURE_COPY[parsed.data] : UNKNOWN_FAILURE;
}

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export const ORDER_STATUS_COLOR: Record<OrderStatus, string> = {
  pending: 'yellow',
  paid: 'jade',
  failed: 'red',
  expired: 'gray',
  cancelled: 'gray',
};
