import { describe, expect, it } from 'vitest';
import { shouldOfferUpdate } from '../../../src/features/offline/update-prompt';

const waitingOn = (pathname: string, more: { typed?: boolean } = {}) =>
  shouldOfferUpdate({ waiting: true, typed: false, pathname, ...more });

describe('when the new version is offered', () => {
  it('is offered on any screen once a new version waits', () => {
    expect(waitingOn('/')).toBe(true);
    expect(waitingOn('/produto/10')).toBe(true);
    expect(waitingOn('/checkoutx')).toBe(true);
    expect(shouldOfferUpdate({ waiting: false, typed: false, pathname: '/' })).toBe(false);
  });

  it('waits during checkout and after typing in a form', () => {
    expect(waitingOn('/checkout')).toBe(false);
    expect(waitingOn('/contato', { typed: true })).toBe(false);
  });
});
