import '@mantine/core/styles/Table.css';
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { messageOf } from '../../../api/errors';
import { QUOTE_STATUS_LABELS, QUOTE_VALIDITY_BUSINESS_DAYS, type Quote } from '../../../api/price-quotes';
import { paths } from '../../../config/paths';
import { formatBRL, moneyToCentavos, reaisToCentavos } from '../../../domain/money';
import { lowestPrice } from '../../../domain/price-quotes';
import { lineQuantityText } from '../../../domain/quantity';
import { formatIsoDate, formatStoreDateTime } from '../../../domain/store-calendar';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useForgetStaffOn401, useStaffMember } from '../api/staff';
import { useTablet } from '../api/tablet';
import { StaffTable } from './staff-table';
import { useAnswerQuote, useStoreQuote, useStoreQuotes } from '../api/quotes';
import { DiscountCapsForm } from './discount-caps-form';
import { StaffOnly } from './staff-only';

const money = (reais: number) => formatBRL(reaisToCentavos(reais));

/** /loja/orcamentos and /loja/orcamentos/:id: the store's quote requests, and one to answer. */
export function StoreQuotesPage() {
  const { id } = useParams();
  const member = useStaffMember();
  const quoteId = Number(id ?? 0);
  usePageTitle(quoteId ? `Orçamento ${quoteId}` : 'Orçamentos');
  if (!member) return <StaffOnly title="Orçamentos" what="os orçamentos" />;
  return quoteId ? <AnswerQuote id={quoteId} /> : <QuoteList manager={member.papel === 'gerente'} />;
}

function QuoteList({ manager }: { manager: boolean }) {
  const tablet = useTablet();
  const quotes = useStoreQuotes(true);
  useForgetStaffOn401(quotes.error);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Orçamentos{tablet ? ` · ${tablet.loja.nome}` : ''}
      </Title>
      {manager && <DiscountCapsForm />}
      {quotes.isPending && <Text>Carregando os orçamentos…</Text>}
      {quotes.isError && (
        <Alert color="red" role="alert">
          {messageOf(quotes.error, 'Não foi possível carregar os orçamentos.')}
        </Alert>
      )}
      {quotes.data?.length === 0 && <Text>Nenhum pedido de orçamento nesta loja.</Text>}
      {quotes.data && quotes.data.length > 0 && (
        <StaffTable
          label="Pedidos de orçamento"
          columns={['Nº', 'Cliente', 'Itens', 'Situação', 'Pedido em', '']}
          rows={quotes.data.map((quote) => ({
            key: quote.id,
            cells: [
              quote.id,
              <span key="cliente">
                {quote.cliente?.nome}{' '}
                {quote.cliente?.pessoa === 'juridica' && (
                  <Badge size="sm" color="blue" variant="light">
                    CNPJ
                  </Badge>
                )}
              </span>,
              quote.itens,
              QUOTE_STATUS_LABELS[quote.status],
              formatStoreDateTime(quote.solicitadoEm),
              <Link
                key="abrir"
                to={paths.storeQuote(quote.id)}
                aria-label={`${quote.status === 'solicitado' ? 'Responder' : 'Ver'} o orçamento ${quote.id}`}
              >
                {quote.status === 'solicitado' ? 'Responder' : 'Ver'}
              </Link>,
            ],
          }))}
        />
      )}
    </Stack>
  );
}

const priceText = (reais: number) => reais.toFixed(2).replace('.', ',');

function AnswerQuote({ id }: { id: number }) {
  const opened = useStoreQuote(id, true);
  useForgetStaffOn401(opened.error);
  return (
    <Stack gap="md">
      <Link to={paths.storeQuotes}>← Todos os orçamentos</Link>
      <Title order={1} size="h2">
        Orçamento {id}
      </Title>
      {opened.isPending && <Text>Carregando o orçamento…</Text>}
      {opened.isError && (
        <Alert color="red" role="alert">
          {messageOf(opened.error, 'Não foi possível carregar o orçamento.')}
        </Alert>
      )}
      {opened.data && <QuoteForm quote={opened.data.orcamento} percent={opened.data.limite.percentual} />}
    </Stack>
  );
}

function QuoteForm({ quote, percent }: { quote: Quote; percent: number }) {
  const answer = useAnswerQuote();
  const answered = quote.status !== 'solicitado';
  const [lines, setLines] = useState(() =>
    quote.linhas.map((line) => ({
      quantidade: String(line.quantidade),
      preco: priceText(line.preco ?? line.precoTabela),
    })),
  );
  const [validity, setValidity] = useState(String(QUOTE_VALIDITY_BUSINESS_DAYS));
  const [error, setError] = useState<string | null>(null);
  const set = (index: number, field: 'quantidade' | 'preco', value: string) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, [field]: value } : line)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const days = Number(validity);
    if (!Number.isInteger(days) || days < 1 || days > 30)
      return setError('A validade vai de 1 a 30 dias úteis.');
    for (const [index, line] of quote.linhas.entries()) {
      const quantity = Number(lines[index].quantidade);
      if (!Number.isInteger(quantity) || quantity < 1)
        return setError(`Quantidade inválida em ${line.nome}.`);
      const minimum = lowestPrice(reaisToCentavos(line.precoTabela), percent);
      if (moneyToCentavos(lines[index].preco) < minimum)
        return setError(
          `O preço de ${line.nome} fica abaixo do mínimo permitido (${formatBRL(minimum)}, desconto máximo de ${percent}%).`,
        );
    }
    answer.mutate(
      {
        id: quote.id,
        validade: days,
        linhas: quote.linhas.map((line, index) => ({
          posicao: line.posicao,
          quantidade: Number(lines[index].quantidade),
          preco: moneyToCentavos(lines[index].preco) / 100,
        })),
      },
      { onError: (failure) => setError(messageOf(failure, 'Não foi possível enviar o orçamento.')) },
    );
  };
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap={4}>
          <Text>
            <strong>Cliente:</strong> {quote.cliente?.nome}
            {quote.cliente?.pessoa === 'juridica' ? ' (CNPJ)' : ''}
          </Text>
          <Text>
            <strong>Entrega:</strong>{' '}
            {quote.entrega === 'retirada'
              ? `Retirada na ${quote.loja.nome}`
              : `Entrega no CEP ${quote.cep ?? '-'}`}
          </Text>
          <Text>
            <strong>Pedido em:</strong> {formatStoreDateTime(quote.solicitadoEm)}
          </Text>
          {quote.observacao && (
            <Text style={{ whiteSpace: 'pre-line' }}>
              <strong>Observação:</strong> {quote.observacao}
            </Text>
          )}
          <Text>
            <strong>Situação:</strong> {QUOTE_STATUS_LABELS[quote.status]}
            {quote.vendedor ? ` · respondido por ${quote.vendedor}` : ''}
            {quote.validade ? ` · válido até ${formatIsoDate(quote.validade)}` : ''}
          </Text>
        </Stack>
      </Paper>
      {answer.isSuccess && (
        <Alert color="teal" role="status">
          {answer.data.resposta}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          {!answered && (
            <Text size="sm">
              Seu desconto máximo: {percent}% sobre o preço de tabela. Preços por unidade (por m² nos pisos
              vendidos em caixas).
            </Text>
          )}
          {quote.linhas.map((line, index) => {
            const minimum = lowestPrice(reaisToCentavos(line.precoTabela), percent);
            return (
              <Stack key={line.posicao} gap={6}>
                <Text fw={700}>{line.nome}</Text>
                <Text size="sm" c="dimmed">
                  Pedido:{' '}
                  {lineQuantityText(line.quantidadeSolicitada, line.multiploprdvenda, line.codundvenda)} ·
                  Tabela: {money(line.precoTabela)}
                  {answered ? '' : ` · Mínimo: ${formatBRL(minimum)}`}
                </Text>
                {answered ? (
                  <Text size="sm">
                    {lineQuantityText(line.quantidade, line.multiploprdvenda, line.codundvenda)} ×{' '}
                    {money(line.preco ?? 0)} = {money(line.total ?? 0)}
                  </Text>
                ) : (
                  <Group gap="sm" grow>
                    <TextInput
                      label="Quantidade"
                      inputMode="numeric"
                      value={lines[index].quantidade}
                      onChange={(event) => set(index, 'quantidade', event.currentTarget.value)}
                    />
                    <TextInput
                      label="Preço unitário (R$)"
                      inputMode="decimal"
                      value={lines[index].preco}
                      onChange={(event) => set(index, 'preco', event.currentTarget.value)}
                      description={`mínimo ${formatBRL(minimum)}`}
                    />
                  </Group>
                )}
              </Stack>
            );
          })}
          {quote.total !== null && <Text fw={700}>Total: {money(quote.total)}</Text>}
          {!answered && (
            <>
              <TextInput
                label="Validade (dias úteis)"
                inputMode="numeric"
                value={validity}
                onChange={(event) => setValidity(event.currentTarget.value)}
                w={200}
              />
              {error && (
                <Text c="red.8" role="alert">
                  {error}
                </Text>
              )}
              <Button type="submit" size="lg" loading={answer.isPending}>
                Enviar orçamento ao cliente
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
