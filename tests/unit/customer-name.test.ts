// The customer's name as History shows and exports it (issue 35, item 15), read from the request it keeps.
import { customerNameOf } from '@shared/customer-fields';
import { describe, expect, it } from 'vitest';

describe('customerNameOf', () => {
  it('joins the first and last name the request carried', () => {
    expect(customerNameOf(JSON.stringify({ firstName: ' Jane ', lastName: 'Doe', userId: 'c-1' }))).toBe(
      'Jane Doe',
    );
    expect(customerNameOf(JSON.stringify({ lastName: 'Doe' }))).toBe('Doe');
  });

  it('is nothing for a request that names nobody, is not JSON, or holds other types', () => {
    expect(customerNameOf(undefined)).toBeUndefined();
    expect(customerNameOf('')).toBeUndefined();
    expect(customerNameOf('not json')).toBeUndefined();
    expect(customerNameOf('null')).toBeUndefined();
    expect(customerNameOf(JSON.stringify({ firstName: 4, lastName: ['x'] }))).toBeUndefined();
    expect(customerNameOf(JSON.stringify({ firstName: '  ', lastName: '' }))).toBeUndefined();
  });
});
