import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { datasnapBase } from '../../../api/client';
import { isApiError, messageOf } from '../../../api/errors';
import { QUOTE_STATUS_LABELS, quotePdfPath, type Quote, type QuoteStatus } from '../../../api/price-quotes';
import { paths } from '../../../config/paths';
import { formatBRL, reaisToCentavos } from '../../../domain/money';
import { lineQuantityText } from '../../../domain/quantity';
import { formatIsoDate, formatStoreDate } from '../../../domain/store-calendar';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useIsSignedIn } from '../../../storage/customer-session';
import { useMyQuote } from '../../../queries/my-quotes';
import { useAskAgain, useMyQuotes } from '../api/quotes';

const money = (reais: number) => formatBRL(reaisToCentavos(reais));

const STATUS_COLOR: Record<QuoteStatus, string> = {
  solicitado: 'gray',
  respondido: 'teal',
  expirado: 'orange',
  convertido: 'blue',
};

function StatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {QUOTE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** /orcamentos and /orcamentos/:id: the signed-in customer's quotes, and one quote. */
export function MyQuotesPage() {
  const { id } = useParams();
  const quoteId = Number(id ?? 0);
  usePageTitle(quoteId ? `Orçamento ${quoteId}` : 'Meus orçamentos');
  const signedIn = useIsSignedIn();
  if (!signedIn)
    return (
      <Stack maw={560} mx="auto">
        <Title order={1} size="h2">
          Meus orçamentos
        </Title>
        <Alert color="teal" role="status">
          Entre na sua conta para ver seus orçamentos. <Link to={paths.login}>Entrar</Link>
        </Alert>
      </Stack>
    );
  return quoteId ? <QuoteDetails id={quoteId} /> : <QuoteList />;
}

function QuoteList() {
  const quotes = useMyQuotes();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Meus orçamentos
      </Title>
      {quotes.isPending && <Text>Carregando seus orçamentos…</Text>}
      {quotes.isError && (
        <Alert color="red" role="alert">
          {messageOf(quotes.error, 'Não foi possível carregar seus orçamentos.')}
        </Alert>
      )}
      {quotes.data?.length === 0 && (
        <Text>
          Você ainda não pediu orçamentos. No carrinho, use <strong>Solicitar orçamento</strong>.
        </Text>
      )}
      {quotes.data?.map((quote) => (
        <Paper
          key={quote.id}
          withBorder
          p="md"
          radius="md"
          component="article"
          aria-labelledby={`orcamento-${quote.id}`}
        >
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={2} size="h4" id={`orcamento-${quote.id}`}>
                Orçamento nº {quote.id}
              </Title>
              <Text size="sm" c="dimmed">
                {quote.loja.nome} · pedido em {formatStoreDate(quote.solicitadoEm)} · {quote.itens} item(ns)
              </Text>
              {quote.total !== null && <Text fw={700}>{money(quote.total)}</Text>}
              {quote.validade && quote.status === 'respondido' && (
                <Text size="sm">Válido até {formatIsoDate(quote.validade)}</Text>
              )}
            </Stack>
            <StatusBadge status={quote.status} />
          </Group>
          <Anchor component={Link} to={paths.quoteDetails(quote.id)} mt="xs" display="inline-block">
            Ver orçamento {quote.id}
          </Anchor>
        </Paper>
      ))}
    </Stack>
  );
}

function QuoteDetails({ id }: { id: number }) {
  const quote = useMyQuote(id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.quotes}>
        ← Meus orçamentos
      </Anchor>
      <Title order={1} size="h2">
        Orçamento nº {id}
      </Title>
      {quote.isPending && <Text>Carregando o orçamento…</Text>}
      {quote.isError && (
        <Alert color="red" role="alert">
          {isApiError(quote.error) && quote.error.status === 404
            ? 'Orçamento não encontrado.'
            : messageOf(quote.error, 'Não foi possível carregar o orçamento.')}
        </Alert>
      )}
      {quote.data && <QuoteBody quote={quote.data} />}
    </Stack>
  );
}

function QuoteBody({ quote }: { quote: Quote }) {
  const navigate = useNavigate();
  const again = useAskAgain();
  return (
    <Stack gap="md">
      <Group gap="sm">
        <StatusBadge status={quote.status} />
        <Text size="sm">
          {quote.loja.nome} ·{' '}
          {quote.entrega === 'retirada' ? 'retirada na loja' : `entrega no CEP ${quote.cep ?? '-'}`}
        </Text>
      </Group>
      {quote.status === 'solicitado' && (
        <Alert color="gray" role="status">
          A loja ainda vai responder. Você recebe um e-mail e um aviso quando os preços chegarem.
        </Alert>
      )}
      {quote.status === 'expirado' && (
        <Alert color="orange" role="status">
          Este orçamento venceu em {formatIsoDate(quote.validade ?? '')}. Peça de novo para receber preços
          atualizados.
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          {quote.linhas.map((line) => (
            <Group key={line.posicao} justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Text fw={600}>{line.nome}</Text>
                <Text size="sm" c="dimmed">
                  {lineQuantityText(line.quantidade, line.multiploprdvenda, line.codundvenda)}
                  {line.preco !== null ? ` × ${money(line.preco)}` : ''}
                </Text>
              </Stack>
              <Text fw={600}>{line.total !== null ? money(line.total) : '—'}</Text>
            </Group>
          ))}
          {quote.total !== null && (
            <Group justify="space-between">
              <Text fw={700}>Total (sem frete)</Text>
              <Text fw={700}>{money(quote.total)}</Text>
            </Group>
          )}
          {quote.vendedor && (
            <Text size="sm">
              Respondido por {quote.vendedor}
              {quote.validade ? ` · válido até ${formatIsoDate(quote.validade)}` : ''}
            </Text>
          )}
          {quote.observacao && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              Sua observação: {quote.observacao}
            </Text>
          )}
        </Stack>
      </Paper>
      <Group gap="sm">
        {quote.status === 'respondido' && (
          <Button component={Link} to={`${paths.checkout}?orcamento=${quote.id}`} color="red.8" size="md">
            Comprar com estes preços
          </Button>
        )}
        {quote.status !== 'solicitado' && (
          <Button
            component="a"
            href={quotePdfPath(datasnapBase, quote.id)}
            download
            variant="default"
            size="md"
          >
            Baixar PDF
          </Button>
        )}
        {quote.status === 'expirado' && (
          <Button
            size="md"
            loading={again.isPending}
            onClick={() =>
              again.mutate(quote.id, {
                onSuccess: (answer) => navigate(paths.quoteDetails(answer.orcamento.id)),
              })
            }
          >
            Solicitar novamente
          </Button>
        )}
        {quote.status === 'convertido' && quote.pedido !== null && (
          <Button component={Link} to={paths.orderDetails(quote.pedido)} variant="light" size="md">
            Ver o pedido {quote.pedido}
          </Button>
        )}
      </Group>
      {again.isError && (
        <Alert color="red" role="alert">
          {messageOf(again.error, 'Não foi possível pedir o orçamento de novo.')}
        </Alert>
      )}
    </Stack>
  );
}
