import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart } from '../../../src/storage/cart';
import { db } from '../../../src/storage/db';
import { enqueue, queuedWrites } from '../../../src/storage/outbox';
import { contactMessageOperation } from '../../../src/api/customers';
import { readCartLines } from '../../../src/storage/stored-rows';

const torneira = { idprd: 12, descricao: 'Torneira de Mesa Cromada', preco: '129,90', codundvenda: 'UN' };

beforeEach(async () => {
  await db.open();
  await Promise.all([db.cartLines.clear(), db.outbox.clear()]);
  sessionStorage.clear();
});

describe('a closed IndexedDB connection', () => {
  it('costs no cart write: the connection is opened again and the write lands', async () => {
    db.close();
    expect(await addToCart(torneira)).toBe(true);
    expect((await readCartLines()).map((line) => line.id)).toEqual(['12']);
    expect(sessionStorage.getItem('cartItemCount')).toBe('1');
  });

  it('costs no read and no queued write', async () => {
    await addToCart(torneira);
    db.close();
    expect(await readCartLines()).toHaveLength(1);
    db.close();
    await enqueue(contactMessageOperation, { nome: 'Ana' }, 'Mensagem de contato');
    expect(await queuedWrites()).toHaveLength(1);
  });
});
