import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  bestSellersOperation,
  productsOperation,
  stockOperation,
  suggestionsOperation,
} from '../../api/catalogue';
import { cepValue } from '../../api/fields';
import { freightByAddressOperation, freightByCepOperation } from '../../api/freight';
import { fail, serveOperation } from '../http/operation';
import { lookupCep, toViaCepWire } from '../services/cep';
import { withForecasts } from '../services/calendar';
import { FREIGHT_RULES, quoteFreight, type FreightLine } from '../services/freight';
import { ImageCache, imageEtag, productImageSubject, type ImageSubject } from '../services/images';
import { suggestionsWithCodedProduct } from '../services/product-code';
import { FacetCache } from '../services/listing-facets';
import { listProducts } from '../services/search-listing';
import { bestSellers, productDetail } from '../services/search-products';
import { checkStock } from '../services/stock';

/** Catalogue answers may be cached briefly by browsers and CDNs; they change with stock and sales. */
const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const facets = new FacetCache();
  const images = new ImageCache();
  // The same for every shopper: served from the answer cache until a catalogue write.
  const cache = app.catalogueCache;
  cache.onInvalidate(() => facets.clear());

  serveOperation(
    app,
    suggestionsOperation,
    async ({ query, reply }) => {
      reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
      return suggestionsWithCodedProduct(db, query.produto);
    },
    { cache },
  );

  serveOperation(
    app,
    bestSellersOperation,
    async ({ reply }) => {
      reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
      return { produtos: await bestSellers(db) };
    },
    { cache },
  );

  serveOperation(
    app,
    productsOperation,
    async ({ query, reply }) => {
      reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
      if (query.codigo !== undefined)
        return productDetail(db, query.codigo, app.config.CARD_INTEREST_PAID_BY);
      return listProducts(db, facets, query);
    },
    { cache },
  );

  serveOperation(app, stockOperation, async ({ query }) =>
    checkStock(db, query.codigo, query.qtde, query.lote),
  );

  const quoteWithForecasts = async (cep: string, lines: FreightLine[]) => {
    const now = app.clock();
    return withForecasts(await quoteFreight(db, cep, lines, now), now);
  };

  serveOperation(app, freightByCepOperation, async ({ body }) => quoteWithForecasts(body.cep, body.ids));

  serveOperation(app, freightByAddressOperation, async ({ body }) => {
    if (body.uf && !/^[A-Za-z]{2}$/.test(body.uf)) throw fail(400, 'UF inválida.');
    return quoteWithForecasts(body.cep, body.ids);
  });

  // ViaCEP-compatible lookup: GET /ws/{cep}/json/
  const cepRoute = async (request: { params: unknown }, reply: FastifyReply) => {
    const parsed = cepValue.safeParse((request.params as { cep?: string }).cep ?? '');
    if (!parsed.success) throw fail(400, 'CEP inválido.', { erro: true });
    const answer = await lookupCep(parsed.data, app.config.CEP_LOOKUP_URL);
    reply.header('cache-control', 'public, max-age=86400');
    return toViaCepWire(answer);
  };
  app.get('/ws/:cep/json/', cepRoute);
  app.get('/ws/:cep/json', cepRoute);

  const sendImage = (
    reply: FastifyReply,
    ifNoneMatch: string | undefined,
    subject: ImageSubject,
  ): FastifyReply | Buffer => {
    const etag = imageEtag(subject);
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag))
      return reply.code(304).send();
    reply.type('image/png');
    return images.get(subject);
  };

  // Product images: {imageBase}/{idprd}/{n}.png, drawn on first request and cached.
  app.get('/imagens/:idprd/:file', async (request, reply) => {
    const { idprd: rawId, file } = request.params as { idprd: string; file: string };
    const match = /^([1-9])\.png$/.exec(file);
    if (!/^\d{1,9}$/.test(rawId) || !match) throw fail(404, 'Imagem não encontrada.');
    const subject = await productImageSubject(db, Number(rawId), Number(match[1]));
    if (!subject) throw fail(404, 'Imagem não encontrada.');
    return sendImage(reply, request.headers['if-none-match'], subject);
  });

  // Carrier logos for the shipping options (company.picture).
  const carriers = new Map<number, string>([
    [FREIGHT_RULES.motoboy.id, FREIGHT_RULES.motoboy.name],
    [FREIGHT_RULES.ownDelivery.id, FREIGHT_RULES.ownDelivery.name],
    [FREIGHT_RULES.truck.id, FREIGHT_RULES.truck.name],
    [FREIGHT_RULES.pickup.id, 'Retirar Loja'],
    ...FREIGHT_RULES.carriers.map((carrier): [number, string] => [carrier.id, carrier.name]),
  ]);
  app.get('/imagens/transportadoras/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const id = Number(/^(\d{3})\.png$/.exec(file)?.[1]);
    const name = carriers.get(id);
    if (!name) throw fail(404, 'Imagem não encontrada.');
    return sendImage(reply, request.headers['if-none-match'], { idprd: id, n: 1, groupId: 0, name });
  });
}
