// The browser's install offer (Chromium's `beforeinstallprompt`) arrives once, often before React
// has mounted, so it is caught at module load and kept here until the person asks to install.

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep Chrome's mini-infobar away; the page offers 'Instalar app' itself.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = undefined;
    emit();
  });
}

export function canPromptInstall(): boolean {
  return deferred !== undefined;
}

export function subscribeToInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Opens the browser's install dialog; the offer can be used only once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = undefined;
  emit();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome === 'accepted';
}

/** iPhone and iPad browsers have no install event: the person adds the page from the share sheet. */
export function needsIosInstallHowTo(
  userAgent = navigator.userAgent,
  maxTouchPoints = navigator.maxTouchPoints,
): boolean {
  // iPadOS reports itself as a Mac; touch points tell them apart.
  const iPhoneOrIPad =
    /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1);
  return iPhoneOrIPad && !runsInstalled();
}

/** Whether the store runs as an installed app (display-mode standalone; iOS's home-screen flag). */
export function runsInstalled(): boolean {
  return (
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches === true
  );
}
