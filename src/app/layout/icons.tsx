// Small inline icons for the shell: no icon library on the first route.
import { Icon } from '../../components/icon';

export function CartIcon() {
  return (
    <Icon path="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM1 2v2h2l3.6 7.59-1.35 2.45A2 2 0 0 0 7 17h12v-2H7.42l1.1-2h7.45a2 2 0 0 0 1.75-1.03l3.58-6.49A1 1 0 0 0 20.42 4H5.21l-.94-2H1Z" />
  );
}

export function UserIcon() {
  return (
    <Icon path="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-3.34 0-10 1.67-10 5v3h20v-3c0-3.33-6.66-5-10-5Z" />
  );
}

export function ChevronIcon({ size = 16 }: { size?: number }) {
  return <Icon size={size} path="M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6 1.41-1.41Z" />;
}

export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="12" fill="#c92a2a" />
      <path d="M12 34 32 16l20 18v16H12z" fill="#fff" />
      <rect x="27" y="38" width="10" height="12" fill="#c92a2a" />
    </svg>
  );
}
