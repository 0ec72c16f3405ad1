import { useSyncExternalStore } from 'react';

/**
 * The browser keys the store uses. sessionStorage and localStorage are written only through this module
 * (docs/decisions/010-browser-storage.md), which tells subscribers in this tab of every change; other tabs hear the
 * `storage` event (localStorage) or re-derive from IndexedDB (sessionStorage is per tab).
 */
export const sessionKeys = [
  'nome',
  'id',
  'cartItems',
  'cartItemCount',
  'pesquisa',
  'checkout',
  'redirect',
  'total_compra',
  'frete',
  'selectedShipping',
  'cep_entrega',
  'movimento',
  'dados_entrega',
  'dadosEndereco',
  'dados_frete',
  'frete_sel',
  'resumo_produtos',
  'dados_cliente',
  'endereco_cliente',
  'resumo',
  'opcao_pagamento',
  'APP_0050',
  'perfil',
  // Ours: when this tab's customer signed in, against `saida_conta` below.
  'entrada_conta',
] as const;
export type SessionKey = (typeof sessionKeys)[number];

// 'loja_tablet' (ours, store mode): the paired store's name for the header; the credential itself
// is an HttpOnly cookie the page never sees. Sign-out leaves it: the pairing belongs to the device.
// 'loja_fila_retiradas' (ours): pickup-counter steps made offline, sent once the tablet is back online.
// 'saida_conta' (ours): when 'Sair da Conta' was last chosen in any tab of this browser.
export const localKeys = [
  'checkout_form_data',
  'paginated data',
  'loja_tablet',
  'loja_fila_retiradas',
  'saida_conta',
] as const;
export type LocalKey = (typeof localKeys)[number];

type Area = 'session' | 'local';
const listeners = new Set<() => void>();

function storageOf(area: Area): Storage | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    return area === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame)
  }
}

function notify() {
  for (const listener of listeners) listener();
}

export function readRaw(area: Area, key: string): string | null {
  return storageOf(area)?.getItem(key) ?? null;
}

export function readSession(key: SessionKey): string | null {
  return readRaw('session', key);
}

/** Reads a JSON value; a missing or unreadable value gives `fallback`. */
export function readSessionJson<T>(key: SessionKey, fallback: T): T {
  const raw = readSession(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeSession(key: SessionKey, value: string | number | object | null): void {
  const storage = storageOf('session');
  if (!storage) return;
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  notify();
}

export function readLocalJson<T>(key: LocalKey, fallback: T): T {
  const raw = readRaw('local', key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeLocal(key: LocalKey, value: object | null): void {
  const storage = storageOf('local');
  if (!storage) return;
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
  notify();
}

/** Removes several session keys at once (sign-out, finished order). */
export function removeSessionKeys(keys: readonly SessionKey[]): void {
  const storage = storageOf('session');
  if (!storage) return;
  for (const key of keys) storage.removeItem(key);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** A session key as React state: re-renders when this tab writes it. */
export function useSessionValue(key: SessionKey): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readSession(key),
    () => null,
  );
}

/** A localStorage key as React state (raw text; null on the server and before hydration). */
export function useLocalValue(key: LocalKey): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readRaw('local', key),
    () => null,
  );
}

/** Signed in means a non-blank stored `nome` (the key src/storage/customer-session.ts writes). */
export function isSignedIn(nome: string | null = readSession('nome')): boolean {
  return (nome ?? '').trim() !== '';
}
