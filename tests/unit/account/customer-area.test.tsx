import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { CustomerArea } from '../../../src/features/account/components/customer-area';
import { render } from '../test-utils/render';

beforeEach(() => {
  sessionStorage.clear();
});

describe('customer area access', () => {
  it('sends a visitor (no stored nome) to /login and remembers where they were going', async () => {
    writeBlankName();
    render(
      <Routes>
        <Route path="/meusPedidos" element={<CustomerArea />} />
        <Route path="/login" element={<p>Tela de login</p>} />
      </Routes>,
      { route: '/meusPedidos?aba=perfil' },
    );
    expect(await screen.findByText('Tela de login')).toBeTruthy();
    expect(sessionStorage.getItem('redirect')).toBe('/meusPedidos?aba=perfil');
  });
});

function writeBlankName() {
  // A blank name is not a signed-in customer (signed in needs a non-blank nome).
  sessionStorage.setItem('nome', '   ');
}
