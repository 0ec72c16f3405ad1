import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sitemapIndex, sitemapParts, sitemapUrls } from '../render/sitemap';

/** Search engines: robots.txt and the streamed sitemap of the catalogue. */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  const origin = app.config.PUBLIC_URL.replace(/\/$/, '');
  const db = app.database.db;

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          // Personal screens: nothing for a search engine there.
          'Disallow: /carrinho',
          'Disallow: /checkout',
          'Disallow: /meusPedidos',
          'Disallow: /listas',
          'Disallow: /detalhes_pedido/',
          'Disallow: /pedido_confirmado/',
          'Disallow: /redefinir',
          'Disallow: /datasnap/',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const parts = await sitemapParts(db);
    const asked = Number((request.query as { parte?: string }).parte ?? 0);
    if (!Number.isInteger(asked) || asked < 0 || asked > parts)
      return reply.code(404).send({ resposta: 'Parte do sitemap não encontrada.' });
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    if (parts > 1 && asked === 0) return reply.send(sitemapIndex(origin, parts));
    return reply.send(Readable.from(sitemapUrls(db, origin, Math.max(1, asked))));
  });
}
