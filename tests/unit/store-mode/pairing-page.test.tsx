import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PairingPage } from '../../../src/features/store-mode/components/pairing-page';
import { render } from '../test-utils/render';

// /loja is public: anyone may open it. It tells a reader to ask the store's management for the
// code, never the commands of the server that make one.

describe('/loja before pairing', () => {
  it('sends the reader to the store manager, naming no server command', async () => {
    const { container } = render(<PairingPage />, { route: '/loja' });
    expect(await screen.findByLabelText('Código de pareamento')).toBeTruthy();
    expect(
      screen.getByText(
        'Digite o código de pareamento (8 caracteres, vale 10 minutos) que a gerência da loja passou a você. Depois de pareado, este tablet pode:',
      ),
    ).toBeTruthy();
    expect(container.textContent).not.toMatch(/npm|tablet:pair|staff:add/);
  });
});
