import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pageCacheUrl, pagePolicy } from '../../../src/app/page-policy';
import { createRoutes } from '../../../src/app/router';

// Whether the server renders a page and caches it for everyone is declared on the route
// (src/app/router.tsx); these hold the default: a route that says nothing is personal.

const routes = createRoutes({ queryClient: new QueryClient(), server: true });

describe('page policy', () => {
  it('never treats a screen without a declaration as public', () => {
    const table: RouteObject[] = [
      {
        handle: undefined,
        children: [
          { path: '/vitrine', handle: { screen: 'vitrine', publicPage: true, cacheParams: ['pagina'] } },
          { path: '/novidade', handle: { screen: 'novidade' } },
          { path: '/sem-tela' },
        ],
      },
    ];
    expect(pagePolicy(table, '/vitrine')).toEqual({ publicPage: true, cacheParams: ['pagina'] });
    expect(pagePolicy(table, '/novidade')).toEqual({ publicPage: false, cacheParams: [] });
    expect(pagePolicy(table, '/sem-tela').publicPage).toBe(false);
    expect(pagePolicy(table, '/nao-existe').publicPage).toBe(false);
  });

  it('keeps every personal screen of the store out of the public page cache', () => {
    for (const path of [
      '/carrinho',
      '/checkout',
      '/login',
      '/entrar',
      '/registro',
      '/recuperarSenha',
      '/redefinir',
      '/meusPedidos',
      '/rastreio',
      '/detalhes_pedido/12',
      '/pedido_confirmado/12',
      '/loja',
      '/carrinho/c/ABC123',
    ]) {
      expect(pagePolicy(routes, path).publicPage, path).toBe(false);
    }
    for (const path of [
      '/',
      '/produtos',
      '/produto/1',
      '/produtos/banheiro/chuveiros',
      '/faq',
      '/qualquer-coisa',
    ])
      expect(pagePolicy(routes, path).publicPage, path).toBe(true);
  });

  it('keys a page on the parameters its screen reads: tracking and unknown ones are dropped', () => {
    const url = new URL(
      'https://loja.example.com.br/produtos/banheiro?utm_source=x&gclid=abc&pagina=2&zzz=1&marca=3-1&fbclid=q',
    );
    expect(pageCacheUrl(url, pagePolicy(routes, url.pathname)).href).toBe(
      'https://loja.example.com.br/produtos/banheiro?marca=3-1&pagina=2',
    );
    const product = new URL('https://loja.example.com.br/produto/7?pagina=2&utm_campaign=z');
    expect(pageCacheUrl(product, pagePolicy(routes, product.pathname)).href).toBe(
      'https://loja.example.com.br/produto/7',
    );
  });
});
