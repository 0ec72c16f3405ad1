import { describe, expect, it } from 'vitest';
import { needsIosInstallHowTo } from '../../../src/features/offline/install-prompt';

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const iPadSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe('the iOS install how-to', () => {
  it('is shown on iPhone and on iPad (which reports itself as a Mac with touch)', () => {
    expect(needsIosInstallHowTo(iPhoneSafari, 5)).toBe(true);
    expect(needsIosInstallHowTo(iPadSafari, 5)).toBe(true);
  });

  it('is not shown on a Mac without touch nor on Android (which has its own install offer)', () => {
    expect(needsIosInstallHowTo(iPadSafari, 0)).toBe(false);
    expect(needsIosInstallHowTo(androidChrome, 5)).toBe(false);
  });
});
