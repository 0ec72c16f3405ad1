import { beforeEach, describe, expect, it } from 'vitest';
import {
  EVICTABLE_TEXT,
  forgetPersistRequest,
  persistenceHelps,
  PERSISTED_TEXT,
  storageState,
  storageStatusText,
} from '../../../src/features/offline/storage-persistence';

/** A browser's StorageManager that answers `persist()` with `grants`, counting the requests. */
function storageManager(grants: boolean, alreadyKept = false) {
  let kept = alreadyKept;
  const manager = {
    requests: 0,
    persisted: async () => kept,
    persist: async () => {
      manager.requests += 1;
      kept = grants;
      return grants;
    },
    estimate: async () => ({ usage: 1_288_490, quota: 2 * 1024 ** 3 }),
    getDirectory: async () => {
      throw new Error('not used');
    },
  };
  return manager;
}

beforeEach(() => forgetPersistRequest());

describe('asking the browser to keep the data', () => {
  it('helps an installed app, a paired store tablet or a device holding a cart, and nothing else', () => {
    const none = { installed: false, storeTablet: false, cartLines: 0 };
    expect(persistenceHelps(none)).toBe(false);
    expect(persistenceHelps({ ...none, installed: true })).toBe(true);
    expect(persistenceHelps({ ...none, storeTablet: true })).toBe(true);
    expect(persistenceHelps({ ...none, cartLines: 2 })).toBe(true);
  });

  it('is not asked where it does not help, and the status says the data may be erased', async () => {
    const manager = storageManager(true);
    const state = await storageState(false, manager);
    expect(manager.requests).toBe(0);
    expect(storageStatusText(state!)).toBe(`${EVICTABLE_TEXT} (1,2 MB usados de 2 GB disponíveis)`);
  });

  it('is asked once where it helps; granted, the status says protected', async () => {
    const manager = storageManager(true);
    const state = await storageState(true, manager);
    expect(manager.requests).toBe(1);
    expect(storageStatusText(state!)).toBe(`${PERSISTED_TEXT} (1,2 MB usados de 2 GB disponíveis)`);
  });

  it('denied, is not asked again in the same page, and the status says the data may be erased', async () => {
    const manager = storageManager(false);
    await storageState(true, manager);
    const state = await storageState(true, manager);
    expect(manager.requests).toBe(1);
    expect(state?.persisted).toBe(false);
    expect(storageStatusText(state!)).toMatch(new RegExp(`^${EVICTABLE_TEXT}`));
  });

  it('is not asked when the browser already keeps the data', async () => {
    const manager = storageManager(true, true);
    expect((await storageState(true, manager))?.persisted).toBe(true);
    expect(manager.requests).toBe(0);
  });

  it('shows nothing where the browser has no StorageManager', async () => {
    expect(await storageState(true, undefined)).toBeUndefined();
  });
});
