// Field lists of the gateway interface (docs/gateway-interface.md), written out from the document
// (not imported from src/shared), so that the tests and the interface double hold the app's schemas to the
// document, not to themselves.

/** Every field a KYC record (section 2.4) must carry, in the document's order (the order the app reports missing ones in). */
export const KYC_REQUIRED_FIELDS = [
  'userId',
  'firstName',
  'lastName',
  'birthday',
  'gender',
  'country',
  'iddCode',
  'personalCode',
  'certificateDateStart',
  'certificateDateEnd',
  'email',
  'mobile',
  'idCardUrls',
] as const;

/** The fields a KYC record may leave out. */
export const KYC_OPTIONAL_FIELDS = ['middleName', 'documentUrls'] as const;

/** The fields of the gateway's notification (callBackURL), all required, in the document's order. */
export const CALLBACK_FIELDS = [
  'merchantId',
  'merchantTradeNo',
  'orderId',
  'orderStatus',
  'amount',
  'remark',
  'traceid',
  'sign',
] as const;
