export * from './callback';
export * from './kyc';
export * from './order-status';
export * from './payin';
export * from './result-codes';
export * from './sign-algorithm';
